import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** A pulsing placeholder block; size it with classes. Hidden from assistive technologies. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('h-4 w-full animate-pulse rounded-md bg-line/70', className)}
      {...props}
    />
  );
}
