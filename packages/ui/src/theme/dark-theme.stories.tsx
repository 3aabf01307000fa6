/**
 * Every component in the dark theme (`data-theme="dark"` on <html>, so portals follow too): the stories
 * of each component rendered together, and the overlays open. Like every story, each one runs axe,
 * colour contrast included, so a token pair that is unreadable in the dark fails here.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { composeStories } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import * as AppShellStories from '../app-shell/app-shell.stories';
import * as AvatarStories from '../avatar/avatar.stories';
import * as BadgeStories from '../badge/badge.stories';
import * as BannerStories from '../banner/banner.stories';
import * as ButtonStories from '../button/button.stories';
import * as CardStories from '../card/card.stories';
import * as BarChartStories from '../charts/bar-chart.stories';
import * as DoughnutChartStories from '../charts/doughnut-chart.stories';
import * as LineChartStories from '../charts/line-chart.stories';
import * as CheckboxStories from '../checkbox/checkbox.stories';
import * as ComboboxStories from '../combobox/combobox.stories';
import * as DataTableStories from '../data-table/data-table.stories';
import * as DropdownMenuStories from '../dropdown-menu/dropdown-menu.stories';
import * as EmptyStateStories from '../empty-state/empty-state.stories';
import * as ErrorScreenStories from '../error-screen/error-screen.stories';
import * as ErrorStateStories from '../error-state/error-state.stories';
import * as FileDropzoneStories from '../file-dropzone/file-dropzone.stories';
import * as IconButtonStories from '../icon-button/icon-button.stories';
import * as MobileNavStories from '../mobile-nav/mobile-nav.stories';
import * as ModalStories from '../modal/modal.stories';
import * as NavRailStories from '../nav-rail/nav-rail.stories';
import * as PagerStories from '../pager/pager.stories';
import * as PdfViewerStories from '../pdf-viewer/pdf-viewer.stories';
import * as PopoverStories from '../popover/popover.stories';
import * as ProgressStories from '../progress/progress.stories';
import * as SearchInputStories from '../search-input/search-input.stories';
import * as NativeSelectStories from '../select/native-select.stories';
import * as SelectStories from '../select/select.stories';
import * as SkeletonStories from '../skeleton/skeleton.stories';
import * as SpinnerStories from '../spinner/spinner.stories';
import * as StatCardStories from '../stat-card/stat-card.stories';
import * as StatusBadgeStories from '../status-badge/status-badge.stories';
import * as SwitchStories from '../switch/switch.stories';
import * as TextFieldStories from '../text-field/text-field.stories';
import * as ToastStories from '../toast/toast.stories';
import { toast } from '../toast/toast-store';
import * as TopBarStories from '../top-bar/top-bar.stories';
import * as UserMenuStories from '../user-menu/user-menu.stories';
import * as WizardStories from '../wizard/wizard.stories';

const button = composeStories(ButtonStories);
const iconButton = composeStories(IconButtonStories);
const checkbox = composeStories(CheckboxStories);
const switches = composeStories(SwitchStories);
const textField = composeStories(TextFieldStories);
const nativeSelect = composeStories(NativeSelectStories);
const select = composeStories(SelectStories);
const searchInput = composeStories(SearchInputStories);
const fileDropzone = composeStories(FileDropzoneStories);
const pager = composeStories(PagerStories);
const badge = composeStories(BadgeStories);
const banner = composeStories(BannerStories);
const card = composeStories(CardStories);
const avatar = composeStories(AvatarStories);
const statusBadge = composeStories(StatusBadgeStories);
const statCard = composeStories(StatCardStories);
const emptyState = composeStories(EmptyStateStories);
const errorState = composeStories(ErrorStateStories);
const spinner = composeStories(SpinnerStories);
const skeleton = composeStories(SkeletonStories);
const progress = composeStories(ProgressStories);
const wizard = composeStories(WizardStories);
const dataTable = composeStories(DataTableStories);
const barChart = composeStories(BarChartStories);
const lineChart = composeStories(LineChartStories);
const doughnutChart = composeStories(DoughnutChartStories);
const pdfViewer = composeStories(PdfViewerStories);
const navRail = composeStories(NavRailStories);
const topBar = composeStories(TopBarStories);
const appShell = composeStories(AppShellStories);
const errorScreen = composeStories(ErrorScreenStories);
const modal = composeStories(ModalStories);
const dropdownMenu = composeStories(DropdownMenuStories);
const toasts = composeStories(ToastStories);
const combobox = composeStories(ComboboxStories);
const popover = composeStories(PopoverStories);
const userMenu = composeStories(UserMenuStories);
const mobileNav = composeStories(MobileNavStories);

/** Renders stories one under the other (their play functions do not run here). */
function Gallery({ stories }: { stories: ComponentType[] }) {
  return (
    <div className="flex flex-col gap-6">
      {stories.map((Story, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
        <Story key={index} />
      ))}
    </div>
  );
}

const meta = {
  title: 'Tema/Oscuro',
  component: Gallery,
  parameters: { layout: 'fullscreen' },
  // The toolbar's theme global: the preview sets data-theme="dark" on <html>, so the page background and the
  // portals (Modal, menus, Toast) take the dark theme too.
  globals: { theme: 'dark' },
  decorators: [
    (Story) => (
      <div className="min-h-screen bg-canvas p-6 text-ink">
        <Story />
      </div>
    ),
  ],
  tags: ['!autodocs'],
} satisfies Meta<typeof Gallery>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Controles: Story = {
  args: {
    stories: [
      button.Variants,
      button.Sizes,
      button.Loading,
      button.Disabled,
      iconButton.Variants,
      checkbox.Default,
      checkbox.Checked,
      checkbox.WithError,
      checkbox.DisabledChecked,
      switches.Default,
      switches.On,
      textField.WithHintAndError,
      textField.Disabled,
      nativeSelect.WithError,
      select.WithValue,
      searchInput.Clearable,
      fileDropzone.Default,
      pager.MiddlePage,
    ],
  },
  play: async () => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    // The dark tokens are in effect: the page is the dark canvas.
    await expect(getComputedStyle(document.documentElement).getPropertyValue('--color-canvas').trim()).toBe(
      '#0d121c',
    );
  },
};

export const Contenido: Story = {
  args: {
    stories: [
      badge.Tones,
      banner.Info,
      banner.Success,
      banner.Warning,
      banner.ErrorTone,
      card.WithFooter,
      avatar.Sizes,
      statusBadge.AllStatuses,
      statCard.Grid,
      emptyState.WithAction,
      errorState.Default,
      spinner.Sizes,
      skeleton.CardPlaceholder,
      progress.Partway,
      wizard.SecondStepCurrent,
    ],
  },
};

export const Datos: Story = {
  args: { stories: [dataTable.Selection, dataTable.HighlightedRows, dataTable.WarningRow] },
};

export const Graficas: Story = {
  args: { stories: [barChart.Default, lineChart.MultipleSeries, doughnutChart.Default] },
  play: async ({ canvasElement }) => {
    await expect(await screen.findAllByRole('figure')).toHaveLength(3);
    // Axis labels and grid lines take the dark tokens (ink-muted #a3acbb, line #3a4457).
    // nivo loads on demand (as in the charts' own stories).
    await waitFor(
      () => expect(canvasElement.querySelector('[data-slot="chart-plot"] svg text')).not.toBeNull(),
      {
        timeout: 5000,
      },
    );
    const label = canvasElement.querySelector('[data-slot="chart-plot"] svg text') as SVGTextElement;
    await expect(getComputedStyle(label).fill).toBe('rgb(163, 172, 187)');
    const gridLine = canvasElement.querySelector('[data-slot="chart-plot"] svg line') as SVGLineElement;
    await expect(getComputedStyle(gridLine).stroke).toBe('rgb(58, 68, 87)');
  },
};

export const VisorPdf: Story = {
  args: { stories: [pdfViewer.Empty, pdfViewer.ErrorState] },
};

export const Navegacion: Story = {
  args: { stories: [navRail.Expanded] },
};

export const BarraSuperior: Story = {
  args: { stories: [topBar.WithActions] },
};

export const Armazon: Story = {
  args: { stories: [appShell.Default] },
};

export const PantallaDeError: Story = {
  args: { stories: [errorScreen.Default] },
};

export const ModalAbierto: Story = {
  args: { stories: [modal.Open] },
  play: async () => {
    await expect(await screen.findByRole('dialog')).toBeVisible();
  },
};

export const MenuAbierto: Story = {
  args: { stories: [dropdownMenu.Open] },
  play: async () => {
    await expect(await screen.findByRole('menu')).toBeVisible();
  },
};

export const Avisos: Story = {
  args: { stories: [toasts.Default] },
  play: async () => {
    toast.success('Usuario creado exitosamente!');
    toast.error('Error al crear el usuario');
    toast.info('Descargando 3 reportes pendientes...');
    await expect(await screen.findAllByRole('status')).not.toHaveLength(0);
  },
};

export const ListaDesplegable: Story = {
  args: { stories: [combobox.Short] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox', { name: 'Estado' }));
    await expect(await screen.findByRole('listbox')).toBeVisible();
  },
};

export const VentanaEmergente: Story = {
  args: { stories: [popover.Default] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Abrir' }));
    await expect(await screen.findByRole('dialog', { name: 'Detalles' })).toBeVisible();
  },
};

export const MenuDeUsuario: Story = {
  args: { stories: [userMenu.Default] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Ana López' }));
    await expect(await screen.findByRole('menu')).toBeVisible();
  },
};

export const MenuMovil: Story = {
  args: { stories: [mobileNav.Default] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Abrir menú' }));
    await expect(await screen.findByRole('dialog', { name: 'Menú' })).toBeVisible();
  },
};
