export { AppErrorScreen, type AppErrorScreenProps, errorText } from './app-error-screen';
export { DocumentTitle, type DocumentTitleProps } from './document-title';
export { HelpCard, type HelpCardProps, type HelpLinks } from './help-card';
export { type ShellMessages, shellMessages } from './messages.es';
export {
  canOpen,
  displayName,
  type NavEntry,
  navEntriesFor,
  pageTitle,
  type SectionId,
  sectionOf,
} from './navigation';
export { NotFoundScreen, type NotFoundScreenProps } from './not-found-screen';
export { RouterErrorScreen, type RouterErrorScreenProps } from './router-error-screen';
export { ShellLayout, type ShellLayoutProps, type ShellNavigationState } from './shell-layout';
