import { dataMessagesEs } from './sections/data.es';
import { mediaMessagesEs } from './sections/media.es';
import { primitivesMessagesEs } from './sections/primitives.es';

/**
 * Every default user-visible text of @socio/ui, in Spanish (es-MX), in one object.
 * The sections are split only so that they can be edited independently; read them
 * through `useUiMessages()` and override any of them through `<UiProvider messages={{ ... }}>`.
 */
export const messagesEs = {
  ...primitivesMessagesEs,
  ...dataMessagesEs,
  ...mediaMessagesEs,
};

export type UiMessages = typeof messagesEs;
