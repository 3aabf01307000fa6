import type { ActiveAssignmentsQuery, Assignment, AssignmentFilters, LoadType } from '@socio/contracts';
import { can, LOAD_TYPES } from '@socio/contracts';
import {
  Banner,
  Button,
  Card,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  formatNumber,
  Pager,
  toast,
} from '@socio/ui';
import { ChevronDown, FilePlus2, RotateCw, Upload } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../auth';
import { useEstados } from '../catalogos/use-catalogos';
import { isApiError } from '../errors';
import { AssignmentsTable } from './assignments-table';
import { BulkLoadDialog } from './bulk-load';
import {
  type AssignmentAction,
  CARGAS_PAGE_SIZES,
  type CargasViewer,
  clampedPage,
  filtersOf,
  sameCargasQuery,
  withFilters,
  withPage,
  withPageSize,
  withSort,
} from './cargas.model';
import { CargasFilterBar } from './filter-bar';
import { CancelAssignmentDialog, ReassignDialog } from './lifecycle-dialogs';
import { ManualAssignmentModal } from './manual-assignment-modal';
import { cargasMessages as m } from './messages.es';
import { StatsPanel } from './stats-panel';
import {
  useActiveAssignments,
  useActiveVisitors,
  useAssignmentStats,
  useChangeStatus,
  useInvalidateCargas,
  useReassign,
} from './use-cargas';

export interface QueryChangeOptions {
  /** Replace the current history entry (a correction) instead of adding one. */
  replace?: boolean;
}

export interface CargasScreenProps {
  /** Page, size and sort of the list (the app keeps them in the URL). */
  query: ActiveAssignmentsQuery;
  /**
   * Asked for a new page, size or sort (the app writes it to the URL). `replace` marks a correction
   * the person did not ask for (a page past the end): it replaces the history entry instead of
   * adding one, so Back does not land on the bad address and bounce forward again.
   */
  onQueryChange: (query: ActiveAssignmentsQuery, options?: QueryChangeOptions) => void;
  /** The signed-in role: staff run cargas; a Visitador sees their own rows, no 'Nueva Carga' buttons, and only schedules and completes. */
  viewer: CargasViewer;
  /** The Folio cell's content, e.g. a link to the ficha del folio (the app knows the addresses). */
  renderFolio?: (folio: string) => ReactNode;
}

/** A 401: the session is over (the app's HTTP client has already expired it and goes to login). */
function isSessionError(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** The server's text of a refused change (409 texts as they come), else the generic one. */
function actionErrorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.detailText ? error.detailText : fallback;
}

/**
 * /socioeconomico/cargas: 'Cargas' / 'Gestión de cargas y asignaciones', the header buttons, the
 * dismissible error banner, 'Asignaciones activas' (server paging and sorting) with its row menu,
 * and the 'Estadísticas' panel.
 */
export function CargasScreen({ query, onQueryChange, viewer, renderFolio }: CargasScreenProps) {
  const manages = can(viewer, 'cargas.gestionar');
  const { token } = useSession();
  const signedIn = Boolean(token);
  const list = useActiveAssignments(query, signedIn);
  const filters = filtersOf(query);
  const stats = useAssignmentStats(signedIn, filters);
  const estados = useEstados(signedIn);
  const visitors = useActiveVisitors(signedIn && manages);
  const invalidate = useInvalidateCargas();
  const changeStatus = useChangeStatus();
  const reassign = useReassign();

  const [manualOpen, setManualOpen] = useState(false);
  const [bulkType, setBulkType] = useState<LoadType | null>(null);
  const [cancelling, setCancelling] = useState<Assignment | null>(null);
  const [reassigning, setReassigning] = useState<Assignment | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [dismissedListError, setDismissedListError] = useState(0);
  const listTitleId = useId();
  const manualOpener = useRef<HTMLButtonElement>(null);
  const bulkOpener = useRef<HTMLButtonElement>(null);
  const rowTrigger = useRef<HTMLElement | null>(null);

  // The Pager may ask for a size and then for page 1 in one event: each change builds on the last one asked.
  const latest = useRef(query);
  latest.current = query;
  const onQueryChangeRef = useRef(onQueryChange);
  onQueryChangeRef.current = onQueryChange;
  const update = useCallback((change: (q: ActiveAssignmentsQuery) => ActiveAssignmentsQuery) => {
    const previous = latest.current;
    const next = change(previous);
    // One history entry per change: a size change already went to page 1.
    if (sameCargasQuery(previous, next)) return;
    latest.current = next;
    onQueryChangeRef.current(next);
  }, []);
  const onFiltersChange = useCallback(
    (next: AssignmentFilters) => update((q) => withFilters(q, next)),
    [update],
  );
  const onSortChange = useCallback(
    (sort: { id: string; desc: boolean } | null) => update((q) => withSort(q, sort)),
    [update],
  );

  const data = list.data;
  const rows = data?.assignments ?? [];
  const total = data?.total ?? 0;
  // The page and size of the rows on screen: while the next ones load, the old rows stay (dimmed) and
  // 'Mostrando 1 a 10' keeps describing them, not the page asked for.
  const shownPage = data?.page ?? query.page;
  const shownPageSize = data?.page_size ?? query.page_size;

  // A page past the end (a shared link after rows closed): go to the last page that exists.
  useEffect(() => {
    if (!data || list.isPlaceholderData) return;
    const last = clampedPage(query, data.total);
    if (last !== null) onQueryChange(withPage(query, last), { replace: true });
  }, [data, list.isPlaceholderData, query, onQueryChange]);

  let listError: string | null = null;
  if (!signedIn || (list.isError && isSessionError(list.error))) listError = m.sessionExpired;
  else if (list.isError) listError = m.loadError;
  const showListError = listError !== null && (!list.isError || list.errorUpdatedAt !== dismissedListError);
  const canRetry = signedIn && list.isError && !isSessionError(list.error);

  const onAction = useCallback(
    (assignment: Assignment, action: AssignmentAction, trigger: HTMLElement | null) => {
      setActionError(null);
      rowTrigger.current = trigger;
      if (action === 'cancelada') setCancelling(assignment);
      else if (action === 'reassign') {
        reassign.reset();
        setReassigning(assignment);
      } else {
        changeStatus.mutate(
          { id: assignment.id_asignacion, estatus: action },
          {
            onSuccess: () => toast.success(m.statusChanged[action](assignment.id_asignacion)),
            onError: (error) => setActionError(actionErrorText(error, m.statusChangeError)),
          },
        );
      }
    },
    [changeStatus.mutate, reassign.reset],
  );

  const confirmCancel = (assignment: Assignment) =>
    changeStatus.mutate(
      { id: assignment.id_asignacion, estatus: 'cancelada' },
      {
        onSuccess: () => toast.success(m.statusChanged.cancelada(assignment.id_asignacion)),
        onError: (error) => setActionError(actionErrorText(error, m.statusChangeError)),
        onSettled: () => setCancelling(null),
      },
    );

  const confirmReassign = (assignment: Assignment, visitorId: number) =>
    reassign.mutate(
      { id: assignment.id_asignacion, visitorId },
      {
        onSuccess: (updated) => {
          toast.success(m.reassigned(assignment.id_asignacion, updated.visitador ?? String(visitorId)));
          setReassigning(null);
        },
      },
    );

  return (
    <div data-slot="cargas-screen" className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="font-semibold text-2xl text-ink">{m.pageTitle}</h1>
          <p className="text-ink-muted text-sm">{m.pageSubtitle}</p>
        </div>
        {manages ? (
          <div className="flex flex-wrap gap-2">
            <Button ref={manualOpener} variant="outline" onClick={() => setManualOpen(true)}>
              <FilePlus2 aria-hidden="true" />
              {m.newManual}
            </Button>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button ref={bulkOpener}>
                  <Upload aria-hidden="true" />
                  {m.newLoad}
                  <ChevronDown aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent aria-label={m.newLoadMenu}>
                {LOAD_TYPES.map((type) => (
                  <DropdownMenuItem key={type} onSelect={() => setBulkType(type)}>
                    {m.loadTypes[type] ?? type}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        ) : null}
      </header>

      {actionError ? (
        <Banner
          tone="error"
          message={actionError}
          onDismiss={() => setActionError(null)}
          dismissLabel={m.dismissError}
        />
      ) : null}
      {showListError ? (
        <Banner
          tone="error"
          message={listError}
          onDismiss={list.isError ? () => setDismissedListError(list.errorUpdatedAt) : undefined}
          dismissLabel={m.dismissError}
          actions={
            canRetry ? (
              <Button
                variant="outline"
                size="sm"
                loading={list.isFetching}
                onClick={() => void list.refetch()}
              >
                {list.isFetching ? null : <RotateCw aria-hidden="true" />}
                {m.retry}
              </Button>
            ) : undefined
          }
        />
      ) : null}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_14rem]">
        <Card className="gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={listTitleId} className="font-semibold text-base text-ink">
              {m.listTitle}
            </h2>
            {rows.length > 0 ? (
              <p data-slot="cargas-total" className="text-ink-muted text-sm">
                {m.totalRecords(formatNumber(total))}
              </p>
            ) : null}
          </div>
          <CargasFilterBar
            filters={filters}
            onFiltersChange={onFiltersChange}
            estados={estados.data?.map((e) => e.estado)}
            visitors={manages ? (visitors.data ?? []) : undefined}
          />
          {/* A failed load shows no table at all: an empty one would claim there are no assignments. */}
          {listError !== null && !data ? null : (
            <AssignmentsTable
              rows={rows}
              total={total}
              page={shownPage}
              pageSize={shownPageSize}
              sortBy={query.sort_by}
              sortOrder={query.sort_order}
              viewer={viewer}
              loading={signedIn && list.isPending && !list.isError}
              refreshing={list.isPlaceholderData}
              onSortChange={onSortChange}
              onAction={onAction}
              renderFolio={renderFolio}
            />
          )}
          {total > 0 ? (
            <Pager
              aria-label={m.pagerLabel}
              page={shownPage}
              pageSize={shownPageSize}
              total={total}
              pageSizeOptions={CARGAS_PAGE_SIZES}
              onPageChange={(page) => update((q) => withPage(q, page))}
              onPageSizeChange={(size) => update((q) => withPageSize(q, size))}
            />
          ) : null}
        </Card>
        <StatsPanel
          stats={stats.data}
          loading={signedIn && stats.isPending && !stats.isError}
          failed={stats.isError || !signedIn}
        />
      </div>

      {manages ? (
        <>
          <ManualAssignmentModal
            open={manualOpen}
            onOpenChange={setManualOpen}
            returnFocusRef={manualOpener}
          />
          <BulkLoadDialog
            open={bulkType !== null}
            loadType={bulkType ?? 'TEC_MTY'}
            onOpenChange={(open) => (open ? undefined : setBulkType(null))}
            onSaved={() => void invalidate()}
            returnFocusRef={bulkOpener}
          />
        </>
      ) : null}
      <CancelAssignmentDialog
        assignment={cancelling}
        busy={changeStatus.isPending && cancelling !== null}
        onConfirm={confirmCancel}
        onClose={() => setCancelling(null)}
        returnFocusRef={rowTrigger}
      />
      <ReassignDialog
        assignment={reassigning}
        busy={reassign.isPending}
        error={reassign.error}
        onConfirm={confirmReassign}
        onClose={() => setReassigning(null)}
        returnFocusRef={rowTrigger}
      />
    </div>
  );
}
