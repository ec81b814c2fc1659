'use client';

import { useEffect, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export type ChartBucket = {
  at: string;
  calls: number;
  errors: number;
  p50Ms: number | null;
  p95Ms: number | null;
};

const axis = { fontSize: 11, fill: '#71717a' };

function label(iso: string, bucketSeconds: number) {
  const d = new Date(iso);
  return bucketSeconds >= 86_400
    ? d.toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' })
    : d.toLocaleTimeString('en', {
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
        timeZone: 'UTC',
      });
}

function ChartCard({
  title,
  children,
  empty,
  emptyText = 'No calls in this range',
}: {
  title: string;
  children: React.ReactNode;
  empty: boolean;
  emptyText?: string;
}) {
  // Charts render after mount: recharts sizes itself with style attributes, which the CSP drops
  // from server-rendered HTML but allows when set from script.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="mb-2 text-xs font-semibold text-zinc-700 dark:text-zinc-300">
        {title}
      </figcaption>
      <div className="h-44">
        {!mounted ? null : empty ? (
          <div className="grid h-full place-items-center text-xs text-zinc-400">{emptyText}</div>
        ) : (
          children
        )}
      </div>
    </figure>
  );
}

export function ActivityCharts({
  buckets,
  errorsByStage,
  bucketSeconds,
}: {
  buckets: ChartBucket[];
  errorsByStage: { stage: string; count: number }[];
  bucketSeconds: number;
}) {
  const data = buckets.map((b) => ({ ...b, label: label(b.at, bucketSeconds) }));
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <ChartCard title="Calls and errors" empty={data.length === 0}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -20 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" vertical={false} />
            <XAxis dataKey="label" tick={axis} tickLine={false} axisLine={false} minTickGap={16} />
            <YAxis tick={axis} tickLine={false} axisLine={false} allowDecimals={false} />
            <Tooltip cursor={{ fill: 'rgba(0,0,0,0.04)' }} />
            <Legend iconSize={8} wrapperStyle={{ fontSize: 11 }} />
            <Bar dataKey="calls" name="Calls" fill="#6366f1" radius={[3, 3, 0, 0]} />
            <Bar dataKey="errors" name="Errors" fill="#ef4444" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title="Latency (ms)" empty={data.length === 0}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -20 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" vertical={false} />
            <XAxis dataKey="label" tick={axis} tickLine={false} axisLine={false} minTickGap={16} />
            <YAxis tick={axis} tickLine={false} axisLine={false} />
            <Tooltip />
            <Legend iconSize={8} wrapperStyle={{ fontSize: 11 }} />
            <Line
              type="monotone"
              dataKey="p50Ms"
              name="p50"
              stroke="#6366f1"
              strokeWidth={2}
              dot={false}
              connectNulls
            />
            <Line
              type="monotone"
              dataKey="p95Ms"
              name="p95"
              stroke="#f59e0b"
              strokeWidth={2}
              dot={false}
              connectNulls
            />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="Errors by stage"
        empty={errorsByStage.length === 0}
        emptyText="No errors in this range"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={errorsByStage}
            layout="vertical"
            margin={{ top: 4, right: 8, bottom: 0, left: 8 }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" horizontal={false} />
            <XAxis
              type="number"
              tick={axis}
              tickLine={false}
              axisLine={false}
              allowDecimals={false}
            />
            <YAxis
              type="category"
              dataKey="stage"
              tick={axis}
              tickLine={false}
              axisLine={false}
              width={90}
            />
            <Tooltip cursor={{ fill: 'rgba(0,0,0,0.04)' }} />
            <Bar dataKey="count" name="Errors" fill="#ef4444" radius={[0, 3, 3, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
