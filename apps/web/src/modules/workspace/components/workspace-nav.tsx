'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const groups: { label: string; items: { href: string; label: string; icon: string }[] }[] = [
  {
    label: 'Build',
    items: [
      { href: 'tools', label: 'Tools', icon: 'M4 6h16M4 12h10M4 18h7' },
      {
        href: 'connectors',
        label: 'Connectors',
        icon: 'M4 7c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3Zm0 0v10c0 1.7 3.6 3 8 3s8-1.3 8-3V7',
      },
      { href: 'secrets', label: 'Secrets', icon: 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v9H5z' },
      {
        href: 'policies',
        label: 'Auth policies',
        icon: 'M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3Z',
      },
      { href: 'playground', label: 'Playground', icon: 'M7 4v16l13-8z' },
    ],
  },
  {
    label: 'Serve',
    items: [
      {
        href: 'connect',
        label: 'Connect',
        icon: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
      },
      {
        href: 'tokens',
        label: 'API tokens',
        icon: 'M15 7a4 4 0 1 1-3.9 5H4v3H2v-5h9.1A4 4 0 0 1 15 7Z',
      },
      { href: 'activity', label: 'Activity', icon: 'M3 12h4l3-8 4 16 3-8h4' },
    ],
  },
  {
    label: 'Workspace',
    items: [
      {
        href: 'members',
        label: 'Members',
        icon: 'M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
      },
      {
        href: 'audit',
        label: 'Audit log',
        icon: 'M9 5h10M9 12h10M9 19h10M4 5h.01M4 12h.01M4 19h.01',
      },
      {
        href: 'settings',
        label: 'Settings',
        icon: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.5 7.5 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.5 7.5 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z',
      },
    ],
  },
];

export function WorkspaceNav({ slug }: { slug: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Workspace" className="space-y-6">
      {groups.map((group) => (
        <div key={group.label}>
          <p className="px-2 text-[11px] font-semibold tracking-wider text-zinc-400 uppercase dark:text-zinc-500">
            {group.label}
          </p>
          <ul className="mt-1.5 space-y-0.5">
            {group.items.map((item) => {
              const href = `/w/${slug}/${item.href}`;
              const active = pathname === href || pathname.startsWith(`${href}/`);
              return (
                <li key={item.href}>
                  <Link
                    href={href}
                    aria-current={active ? 'page' : undefined}
                    className={`flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-accent-600 ${
                      active
                        ? 'bg-white text-zinc-950 shadow-xs ring-1 ring-zinc-200 dark:bg-zinc-800 dark:text-white dark:ring-zinc-700'
                        : 'text-zinc-600 hover:bg-zinc-200/60 hover:text-zinc-950 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white'
                    }`}
                  >
                    <svg
                      viewBox="0 0 24 24"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                      className={`size-4 ${active ? 'text-accent-600 dark:text-accent-400' : ''}`}
                      aria-hidden="true"
                    >
                      <path d={item.icon} />
                    </svg>
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
