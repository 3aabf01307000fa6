import { cva, type VariantProps } from 'class-variance-authority';
import { User } from 'lucide-react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

export const avatarVariants = cva(
  'relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800',
  {
    variants: {
      size: {
        sm: 'size-8 text-xs [&_svg]:size-4',
        md: 'size-10 text-sm [&_svg]:size-5',
        lg: 'size-14 text-lg [&_svg]:size-7',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

/** Up to two initials of a name: 'María López García' → 'ML'. */
export function initialsOf(name: string | undefined | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const second = words.length > 1 ? (words[1]?.[0] ?? '') : '';
  return `${first}${second}`.toLocaleUpperCase('es-MX');
}

export interface AvatarProps
  extends Omit<ComponentProps<typeof AvatarPrimitive.Root>, 'children' | 'asChild'>,
    VariantProps<typeof avatarVariants> {
  /** The person's name: accessible name of the avatar and source of the fallback initials. */
  name?: string;
  /** Photo address; when missing or broken the initials are shown. */
  src?: string | null;
  /** Hides the avatar from assistive technologies (when the name is already written beside it). */
  decorative?: boolean;
}

/** A round photo of a person, falling back to their initials (or a person icon without a name). */
export function Avatar({ name, src, size, decorative = false, className, ...props }: AvatarProps) {
  const initials = initialsOf(name);
  const labelled = !decorative && Boolean(name);
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? name : undefined}
      aria-hidden={labelled ? undefined : true}
      className={cn(avatarVariants({ size }), className)}
      {...props}
    >
      {src ? <AvatarPrimitive.Image src={src} alt="" className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback aria-hidden="true" className="flex size-full items-center justify-center">
        {initials || <User />}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
