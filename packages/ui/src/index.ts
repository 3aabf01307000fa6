// Public entry of @socio/ui. Each group re-exports its components from their folders.
export * from './exports/data';
export * from './exports/media';
export * from './exports/primitives';
export { messagesEs, type UiMessages } from './i18n/messages.es';
export { UiProvider, type UiProviderProps, useUiMessages } from './i18n/ui-provider';
export { cn } from './lib/cn';
export { formatDate, formatNumber, LOCALE, type PluralForms, plural } from './lib/format';
export { useControllableState } from './lib/use-controllable-state';
export { type ColorToken, cssVar, type ThemeName, type Tokens, tokens } from './theme/tokens';
