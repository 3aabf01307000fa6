import { cn, IconButton, Splitter } from '@socio/ui';
import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import { type CSSProperties, useId, useState } from 'react';
import { reportesMessages as m } from './messages.es';
import { DEFAULT_VIEWER_LAYOUT, VIEWER_LAYOUT_LIMITS, type ViewerLayout } from './viewer-layout';

/**
 * The layout of list and viewer (side by side from xl, stacked below): the grid's props, the viewer's
 * place in it, and the controls between them. The list is the grid's first child (it falls into the
 * first column); `controls` go next and the viewer last.
 */
export function useReportesPanes(
  defaultLayout: ViewerLayout = DEFAULT_VIEWER_LAYOUT,
  onLayoutChange?: (layout: ViewerLayout) => void,
) {
  const [layout, setLayoutState] = useState(defaultLayout);
  const setLayout = (next: ViewerLayout) => {
    setLayoutState(next);
    onLayoutChange?.(next);
  };
  const listId = useId();
  const viewerId = useId();
  const { collapsed, listPercent } = layout;
  const grid = {
    'data-viewer': collapsed ? 'collapsed' : 'shown',
    style: {
      '--reportes-list': `${listPercent}fr`,
      '--reportes-viewer': `${100 - listPercent}fr`,
    } as CSSProperties,
    className: cn(
      'grid grid-cols-1 gap-6 xl:items-start xl:gap-x-3',
      collapsed
        ? 'xl:grid-cols-[minmax(0,1fr)_auto]'
        : 'xl:grid-cols-[minmax(0,var(--reportes-list))_auto_minmax(0,var(--reportes-viewer))]',
    ),
  };
  const viewer = {
    id: viewerId,
    // Hidden only beside the list: below xl the viewer always shows, under the list.
    className: cn('xl:col-start-3 xl:row-start-1', collapsed && 'xl:hidden'),
  };
  const controls = (
    <>
      <IconButton
        label={collapsed ? m.showViewer : m.hideViewer}
        aria-expanded={!collapsed}
        aria-controls={viewerId}
        variant="outline"
        size="sm"
        className="hidden xl:col-start-2 xl:row-start-1 xl:inline-flex xl:justify-self-center"
        onClick={() => setLayout({ ...layout, collapsed: !collapsed })}
      >
        {collapsed ? <PanelRightOpen /> : <PanelRightClose />}
      </IconButton>
      {collapsed ? null : (
        <Splitter
          label={m.resizeList}
          controls={listId}
          value={listPercent}
          onValueChange={(next) => setLayout({ ...layout, listPercent: next })}
          {...VIEWER_LAYOUT_LIMITS}
          className="hidden xl:col-start-2 xl:row-start-1 xl:mt-11 xl:flex xl:self-stretch"
        />
      )}
    </>
  );
  return { grid, listId, viewer, controls };
}
