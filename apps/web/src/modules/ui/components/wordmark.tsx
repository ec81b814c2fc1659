type WordmarkProps = { className?: string };

/** The Toolplane logo: a mark (two stacked planes) and the name. */
export function Wordmark({ className = '' }: WordmarkProps) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <svg
        viewBox="0 0 32 32"
        className="size-8 text-accent-600 dark:text-accent-500"
        aria-hidden="true"
      >
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M8.5 13 16 9.25 23.5 13 16 16.75Z" fill="#fff" />
        <path
          d="m8.5 17.5 7.5 3.75 7.5-3.75"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          opacity=".7"
        />
      </svg>
      <span className="text-lg font-semibold tracking-tight text-zinc-900 dark:text-white">
        Toolplane
      </span>
    </span>
  );
}
