// The application shell and `saveBlob` (the download the PDF viewer uses too). Charts and the PDF viewer
// have entry points of their own (`@socio/ui/charts`, `@socio/ui/pdf-viewer`), so an app that imports
// neither never bundles nivo, pdf.js or the pdf.js worker.
export { AppShell, type AppShellProps } from '../app-shell/app-shell';
export { ErrorScreen, type ErrorScreenProps } from '../error-screen/error-screen';
export { saveBlob } from '../lib/save-blob';
export { MobileNav, type MobileNavProps } from '../mobile-nav/mobile-nav';
export type { NavItem, NavLinkRenderProps, RenderNavLink } from '../nav-rail/nav-item';
export { NavRail, type NavRailProps } from '../nav-rail/nav-rail';
export { TopBar, type TopBarProps } from '../top-bar/top-bar';
export { UserMenu, type UserMenuItem, type UserMenuProps } from '../user-menu/user-menu';
