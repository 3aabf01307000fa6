export { type ButtonProps, Button, buttonVariants } from './button/button';
export { messagesEs, type UiMessages } from './i18n/messages.es';
export { UiProvider, type UiProviderProps, useUiMessages } from './i18n/ui-provider';
export { cn } from './lib/cn';
export { formatDate, formatNumber, LOCALE } from './lib/format';
