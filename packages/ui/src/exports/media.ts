// Charts, the PDF viewer (and `saveBlob`, the download it uses) and the application shell. The heavy libraries (nivo, react-pdf/pdf.js) are
// loaded on demand by the components themselves (`lazy()` inside), so importing these is cheap.
export { AppShell, type AppShellProps } from '../app-shell/app-shell';
export { BarChart, type BarChartDatum, type BarChartProps } from '../charts/bar-chart';
export type { ChartBaseProps } from '../charts/chart-frame';
export { DoughnutChart, type DoughnutChartDatum, type DoughnutChartProps } from '../charts/doughnut-chart';
export {
  LineChart,
  type LineChartPoint,
  type LineChartProps,
  type LineChartSeries,
} from '../charts/line-chart';
export { ErrorScreen, type ErrorScreenProps } from '../error-screen/error-screen';
export { saveBlob } from '../lib/save-blob';
export { MobileNav, type MobileNavProps } from '../mobile-nav/mobile-nav';
export type { NavItem, NavLinkRenderProps, RenderNavLink } from '../nav-rail/nav-item';
export { NavRail, type NavRailProps } from '../nav-rail/nav-rail';
export { type PdfFile, PdfViewer, type PdfViewerLoader, type PdfViewerProps } from '../pdf-viewer/pdf-viewer';
export { TopBar, type TopBarProps } from '../top-bar/top-bar';
export { UserMenu, type UserMenuItem, type UserMenuProps } from '../user-menu/user-menu';
