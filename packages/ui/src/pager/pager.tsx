import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../button/button';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { formatNumber } from '../lib/format';
import { NativeSelect } from '../select/select';
import { getPageCount, getPageRange, getPageWindow } from './page-window';

export interface PagerProps extends Omit<ComponentProps<'nav'>, 'children'> {
  /** Current page, 1-based. */
  page: number;
  /** Items per page. */
  pageSize: number;
  /** Total number of items across all pages. */
  total: number;
  /** Called with the 1-based page the user asked for. */
  onPageChange: (page: number) => void;
  /** Choices of the 'Por página' selector, e.g. `[10, 20, 50, 100]`. The selector shows only with `onPageSizeChange`. */
  pageSizeOptions?: readonly number[];
  /**
   * Called with the new page size. The pager then also asks for page 1 (`onPageChange(1)`) when it
   * is not already there, since the old page may no longer exist.
   */
  onPageSizeChange?: (pageSize: number) => void;
  /** Most page numbers shown at once, centred on the current page. */
  maxPages?: number;
  /** Disables every control (e.g. while the page loads). */
  disabled?: boolean;
}

/**
 * Pagination controls: 'Anterior' / 'Siguiente', a window of page numbers centred on the current
 * page, the 'Mostrando X a Y de Z resultados' summary and an optional 'Por página' selector.
 * Owns no state: the parent keeps `page` and `pageSize`.
 */
export function Pager({
  page,
  pageSize,
  total,
  onPageChange,
  pageSizeOptions = [10, 20, 50, 100],
  onPageSizeChange,
  maxPages = 5,
  disabled = false,
  className,
  'aria-label': ariaLabel,
  ...props
}: PagerProps) {
  const messages = useUiMessages();
  const pageCount = getPageCount(total, pageSize);
  const current = pageCount === 0 ? 1 : Math.min(Math.max(1, page), pageCount);
  const pages = getPageWindow(current, pageCount, maxPages);
  const { from, to } = getPageRange(current, pageSize, total);
  const canPrevious = !disabled && current > 1;
  const canNext = !disabled && current < pageCount;
  const sizeChoices = pageSizeOptions.includes(pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b);

  const goTo = (target: number) => {
    if (target !== current && target >= 1 && target <= pageCount) onPageChange(target);
  };

  return (
    <nav
      data-slot="pager"
      aria-label={ariaLabel ?? messages.pagerLabel}
      className={cn('flex flex-wrap items-center justify-between gap-3 text-sm', className)}
      {...props}
    >
      <p data-slot="pager-summary" className="text-ink-muted" aria-live="polite">
        {messages.pagerShowing(from, to, total)}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {onPageSizeChange ? (
          <NativeSelect
            label={messages.pagerPageSize}
            placeholder={false}
            value={String(pageSize)}
            disabled={disabled}
            options={sizeChoices.map((size) => ({ value: String(size), label: formatNumber(size) }))}
            onChange={(event) => {
              const size = Number(event.target.value);
              onPageSizeChange(size);
              if (current !== 1) onPageChange(1);
            }}
            className="flex items-center gap-2"
            selectClassName="h-8 w-auto"
          />
        ) : null}
        <ul className="flex items-center gap-1">
          <li>
            <Button
              variant="outline"
              size="sm"
              disabled={!canPrevious}
              onClick={() => goTo(current - 1)}
              data-slot="pager-previous"
              className="max-sm:px-2"
            >
              <ChevronLeft aria-hidden="true" />
              {/* Phones: arrows only (the name stays for assistive technology), so the row fits. */}
              <span className="max-sm:sr-only">{messages.pagerPrevious}</span>
            </Button>
          </li>
          {pages.map((number) => {
            const isCurrent = number === current;
            return (
              <li key={number}>
                <Button
                  variant={isCurrent ? 'primary' : 'ghost'}
                  size="sm"
                  className="min-w-8 px-2"
                  aria-label={messages.pagerPage(number)}
                  aria-current={isCurrent ? 'page' : undefined}
                  disabled={disabled}
                  onClick={() => goTo(number)}
                  data-slot="pager-page"
                >
                  {formatNumber(number)}
                </Button>
              </li>
            );
          })}
          <li>
            <Button
              variant="outline"
              size="sm"
              disabled={!canNext}
              onClick={() => goTo(current + 1)}
              data-slot="pager-next"
              className="max-sm:px-2"
            >
              <span className="max-sm:sr-only">{messages.pagerNext}</span>
              <ChevronRight aria-hidden="true" />
            </Button>
          </li>
        </ul>
      </div>
    </nav>
  );
}
