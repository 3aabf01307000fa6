import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** A bordered surface that groups related content. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="card"
      className={cn(
        'flex flex-col gap-4 rounded-xl border border-line bg-surface p-5 text-ink shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

/** Top area of a Card: title, description and optional actions. */
export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-header"
      className={cn('flex flex-wrap items-start justify-between gap-x-4 gap-y-1', className)}
      {...props}
    />
  );
}

export interface CardTitleProps extends ComponentProps<'h2'> {
  /** Heading element, to fit the page's outline. */
  as?: 'h2' | 'h3' | 'h4';
}

/** The heading of a Card (an `h3` by default). */
export function CardTitle({ as: Heading = 'h3', className, ...props }: CardTitleProps) {
  return (
    <Heading
      data-slot="card-title"
      className={cn('font-semibold text-base text-ink', className)}
      {...props}
    />
  );
}

/** Secondary text under the CardTitle. */
export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      data-slot="card-description"
      className={cn('basis-full text-ink-muted text-sm', className)}
      {...props}
    />
  );
}

/** Main content of a Card. */
export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('text-sm', className)} {...props} />;
}

/** Bottom area of a Card, usually actions aligned to the end. */
export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-footer"
      className={cn('flex flex-wrap items-center justify-end gap-2 border-line border-t pt-4', className)}
      {...props}
    />
  );
}
