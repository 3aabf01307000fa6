/** TanStack Query hooks of the folio lookups; data comes from the injected `folios` port. */
import { FOLIO_SUGGEST_MIN_CHARS } from '@socio/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isApiError } from '../errors';
import { usePort } from '../ports';

export const foliosKeys = {
  ficha: (folio: string) => ['folios', 'ficha', folio.toUpperCase()] as const,
  suggest: (prefix: string) => ['folios', 'sugerencias', prefix.toUpperCase()] as const,
};

/** The ficha of `folio`; a 404 is an answer (not found), not retried. */
export function useFolioFicha(folio: string) {
  const port = usePort('folios');
  return useQuery({
    queryKey: foliosKeys.ficha(folio),
    queryFn: ({ signal }) => port.ficha(folio, { signal }),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}

/** Suggestions for a (debounced) prefix: asked only from 3 characters on. */
export function useFolioSuggestions(prefix: string) {
  const port = usePort('folios');
  const q = prefix.trim();
  return useQuery({
    queryKey: foliosKeys.suggest(q),
    queryFn: ({ signal }) => port.suggest(q, { signal }),
    enabled: q.length >= FOLIO_SUGGEST_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
