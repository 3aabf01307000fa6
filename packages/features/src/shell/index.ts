export { AppErrorScreen, type AppErrorScreenProps, errorText } from './app-error-screen';
export { ComingSoon, type ComingSoonProps } from './coming-soon';
export { HelpCard, type HelpCardProps } from './help-card';
export { type ShellMessages, shellMessages } from './messages.es';
export {
  BASE_PATH,
  displayName,
  type NavEntry,
  navEntriesFor,
  pageTitle,
  REPORTES_PATH,
  type SectionId,
  sectionOf,
} from './navigation';
export { LOGIN_PATH, ShellLayout, type ShellLayoutProps, type ShellNavigationState } from './shell-layout';
