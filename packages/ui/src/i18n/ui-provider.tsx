import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { messagesEs, type UiMessages } from './messages.es';

const UiMessagesContext = createContext<UiMessages>(messagesEs);

export interface UiProviderProps {
  /** Partial overrides of the default Spanish texts. */
  messages?: Partial<UiMessages>;
  children: ReactNode;
}

/** Provides the design system's texts; every component reads them through `useUiMessages()`. */
export function UiProvider({ messages, children }: UiProviderProps) {
  const value = useMemo(() => ({ ...messagesEs, ...messages }), [messages]);
  return <UiMessagesContext.Provider value={value}>{children}</UiMessagesContext.Provider>;
}

/** The current texts of the design system (Spanish by default). */
export function useUiMessages(): UiMessages {
  return useContext(UiMessagesContext);
}
