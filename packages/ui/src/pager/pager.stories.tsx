import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pager, type PagerProps } from './pager';

const meta = {
  title: 'UI/Pager',
  component: Pager,
  args: {
    page: 1,
    pageSize: 10,
    total: 200,
    onPageChange: fn(),
    onPageSizeChange: fn(),
    pageSizeOptions: [10, 20, 50, 100],
  },
} satisfies Meta<typeof Pager>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The numbers of the page buttons, in order. */
function visiblePages(canvasElement: HTMLElement): string[] {
  return within(canvasElement)
    .getAllByRole('button', { name: /^Página \d+$/ })
    .map((button) => button.textContent ?? '');
}

/** A pager that keeps its own page and page size, as a screen would. */
function StatefulPager(props: PagerProps) {
  const [page, setPage] = useState(props.page);
  const [pageSize, setPageSize] = useState(props.pageSize);
  return (
    <Pager
      {...props}
      page={page}
      pageSize={pageSize}
      onPageChange={(next) => {
        props.onPageChange(next);
        setPage(next);
      }}
      onPageSizeChange={(size) => {
        props.onPageSizeChange?.(size);
        setPageSize(size);
      }}
    />
  );
}

export const Default: Story = {};

export const Playground: Story = { args: { page: 3, total: 95, maxPages: 5 } };

export const FirstPage: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Paginación' })).toBeVisible();
    await expect(visiblePages(canvasElement)).toEqual(['1', '2', '3', '4', '5']);
    await expect(canvas.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('Mostrando 1 a 10 de 200 resultados')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
  },
};

export const MiddlePage: Story = {
  args: { page: 10 },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(visiblePages(canvasElement)).toEqual(['8', '9', '10', '11', '12']);
    await expect(canvas.getByRole('button', { name: 'Página 10' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Página 9' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByText('Mostrando 91 a 100 de 200 resultados')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Anterior' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Página 12' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(12);
    await userEvent.click(canvas.getByRole('button', { name: 'Anterior' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(9);
  },
};

export const LastPage: Story = {
  args: { page: 20, total: 195 },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(visiblePages(canvasElement)).toEqual(['16', '17', '18', '19', '20']);
    await expect(canvas.getByRole('button', { name: 'Página 20' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('Mostrando 191 a 195 de 195 resultados')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Anterior' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Página 20' }));
    await expect(args.onPageChange).not.toHaveBeenCalled();
  },
};

export const FewPages: Story = {
  args: { page: 2, total: 25 },
  play: async ({ canvas, canvasElement }) => {
    await expect(visiblePages(canvasElement)).toEqual(['1', '2', '3']);
    await expect(canvas.getByText('Mostrando 11 a 20 de 25 resultados')).toBeVisible();
  },
};

export const NoResults: Story = {
  args: { total: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Mostrando 0 a 0 de 0 resultados')).toBeVisible();
    await expect(canvas.queryAllByRole('button', { name: /^Página/ })).toHaveLength(0);
    await expect(canvas.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  },
};

export const LargeNumbers: Story = {
  args: { page: 500, pageSize: 100, total: 100000 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Mostrando 49,901 a 50,000 de 100,000 resultados')).toBeVisible();
    await expect(visiblePages(canvasElement)).toEqual(['498', '499', '500', '501', '502']);
  },
};

export const PageSizeChange: Story = {
  args: { page: 3 },
  render: (args) => <StatefulPager {...args} />,
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByText('Mostrando 21 a 30 de 200 resultados')).toBeVisible();
    const size = canvas.getByRole('combobox', { name: 'Por página' });
    await expect(size).toHaveValue('10');
    await userEvent.selectOptions(size, '50');
    await expect(args.onPageSizeChange).toHaveBeenCalledWith(50);
    await expect(args.onPageChange).toHaveBeenCalledWith(1);
    await expect(canvas.getByText('Mostrando 1 a 50 de 200 resultados')).toBeVisible();
    await expect(visiblePages(canvasElement)).toEqual(['1', '2', '3', '4']);
  },
};

export const Navigating: Story = {
  render: (args) => <StatefulPager {...args} />,
  play: async ({ canvas, canvasElement }) => {
    const next = canvas.getByRole('button', { name: 'Siguiente' });
    for (let step = 0; step < 4; step += 1) await userEvent.click(next);
    await expect(canvas.getByRole('button', { name: 'Página 5' })).toHaveAttribute('aria-current', 'page');
    await expect(visiblePages(canvasElement)).toEqual(['3', '4', '5', '6', '7']);
    await expect(canvas.getByText('Mostrando 41 a 50 de 200 resultados')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { page: 4, disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Página 4' })).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Por página' })).toBeDisabled();
  },
};

export const WithoutPageSize: Story = {
  args: { onPageSizeChange: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('combobox', { name: 'Por página' })).not.toBeInTheDocument();
  },
};
