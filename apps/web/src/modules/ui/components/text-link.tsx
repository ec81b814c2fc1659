import Link from 'next/link';
import type { ComponentProps } from 'react';

/** An in-app link styled in the accent colour, with a visible keyboard focus ring. */
export function TextLink({ className = '', ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      {...props}
      className={`rounded-sm font-medium text-accent-600 underline-offset-4 hover:text-accent-500 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 dark:text-accent-400 dark:hover:text-accent-300 dark:focus-visible:outline-accent-400 ${className}`}
    />
  );
}
