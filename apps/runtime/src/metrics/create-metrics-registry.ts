/**
 * Prometheus text exposition (format 0.0.4), written by hand instead of prom-client: the runtime
 * needs counters, gauges read at scrape time and fixed-bucket histograms, with a handful of
 * low-cardinality labels. This is ~100 lines with no dependency and no per-observation
 * allocation beyond the label key, where prom-client brings a registry, default collectors and
 * label objects on every call.
 */
type Labels = Readonly<Record<string, string>>;

export interface Counter {
  inc(labels?: Labels, by?: number): void;
}

export interface Histogram {
  observe(value: number, labels?: Labels): void;
}

export interface MetricsRegistry {
  counter(name: string, help: string): Counter;
  /** A value (or labelled values) read when scraped. */
  gauge(name: string, help: string, read: () => number | readonly [Labels, number][]): void;
  histogram(name: string, help: string, buckets: readonly number[]): Histogram;
  render(): string;
}

// Every call counts into a few series: the label text is built per observation, so it is kept
// to one string concatenation (no arrays, no regex replace unless a value needs escaping).
function labelText(labels: Labels | undefined, extra?: string): string {
  let text = '';
  if (labels) {
    for (const key in labels) {
      text += `${text === '' ? '' : ','}${key}="${escapeLabel(labels[key]!)}"`;
    }
  }
  if (extra) text += `${text === '' ? '' : ','}${extra}`;
  return text === '' ? '' : `{${text}}`;
}

const NEEDS_ESCAPE = /[\\"\n]/;
function escapeLabel(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export function createMetricsRegistry(): MetricsRegistry {
  const renderers: (() => string)[] = [];
  return {
    counter(name, help) {
      const values = new Map<string, number>();
      renderers.push(() => {
        let text = `# HELP ${name} ${help}\n# TYPE ${name} counter\n`;
        if (values.size === 0) text += `${name} 0\n`;
        for (const [labels, value] of values) text += `${name}${labels} ${value}\n`;
        return text;
      });
      return {
        inc(labels, by = 1) {
          const key = labelText(labels);
          values.set(key, (values.get(key) ?? 0) + by);
        },
      };
    },
    gauge(name, help, read) {
      renderers.push(() => {
        let text = `# HELP ${name} ${help}\n# TYPE ${name} gauge\n`;
        const value = read();
        if (typeof value === 'number') return `${text}${name} ${value}\n`;
        for (const [labels, v] of value) text += `${name}${labelText(labels)} ${v}\n`;
        return text;
      });
    },
    histogram(name, help, buckets) {
      const series = new Map<
        string,
        { labels: Labels | undefined; counts: number[]; sum: number; count: number }
      >();
      renderers.push(() => {
        let text = `# HELP ${name} ${help}\n# TYPE ${name} histogram\n`;
        for (const { labels, counts, sum, count } of series.values()) {
          let cumulative = 0;
          buckets.forEach((bound, i) => {
            cumulative += counts[i]!;
            text += `${name}_bucket${labelText(labels, `le="${bound}"`)} ${cumulative}\n`;
          });
          text += `${name}_bucket${labelText(labels, 'le="+Inf"')} ${count}\n`;
          text += `${name}_sum${labelText(labels)} ${sum}\n${name}_count${labelText(labels)} ${count}\n`;
        }
        return text;
      });
      return {
        observe(value, labels) {
          const key = labelText(labels);
          let s = series.get(key);
          if (!s) {
            s = { labels, counts: buckets.map(() => 0), sum: 0, count: 0 };
            series.set(key, s);
          }
          const index = buckets.findIndex((bound) => value <= bound);
          if (index !== -1) s.counts[index]!++;
          s.sum += value;
          s.count++;
        },
      };
    },
    render() {
      return renderers.map((render) => render()).join('');
    },
  };
}
