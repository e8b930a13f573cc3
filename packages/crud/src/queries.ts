import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Endpoint, EndpointBody, EndpointData, EndpointParams, EndpointQuery } from '@cityops/contract';
import { useCrud } from './context.js';

/** Query keys start with the endpoint's path, so a mutation can refresh every page of a list at once. */
export const endpointKey = (endpoint: Endpoint, request?: unknown): QueryKey =>
  request === undefined ? [endpoint.path] : [endpoint.path, request];

/**
 * One page of a list (a POST list endpoint with the request as its body). The previous page stays in
 * view while the next loads, so paging never flashes an empty table.
 */
export function usePageQuery<E extends Endpoint>(endpoint: E, request: EndpointBody<E>, enabled = true) {
  const { http } = useCrud();
  return useQuery({
    queryKey: endpointKey(endpoint, request),
    queryFn: ({ signal }) => http.call(endpoint, { body: request, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A read endpoint by its path parameters, query parameters (GET) or body (POST). */
export function useEndpointQuery<E extends Endpoint>(
  endpoint: E,
  input: { params?: EndpointParams<E>; query?: EndpointQuery<E>; body?: EndpointBody<E> } = {},
  options: {
    enabled?: boolean;
    staleTime?: number;
    /** Keep showing the last answer while the next input's is read (a map's markers while it pans). */
    keepPrevious?: boolean;
  } = {},
) {
  const { http } = useCrud();
  const { keepPrevious, ...rest } = options;
  return useQuery({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => http.call(endpoint, { ...input, signal }),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...rest,
  });
}

/**
 * A change through an endpoint; on success every cached answer of the `invalidates` endpoints is
 * refreshed (the list, its options, the record). Refusals are shown by the HTTP client.
 */
export function useEndpointMutation<E extends Endpoint, V>(
  endpoint: E,
  toCall: (variables: V) => { params?: EndpointParams<E>; query?: EndpointQuery<E>; body?: EndpointBody<E> },
  invalidates: readonly Endpoint[] = [],
) {
  const { http } = useCrud();
  const client = useQueryClient();
  return useMutation<EndpointData<E>, Error, V>({
    mutationFn: (variables) => http.call(endpoint, toCall(variables)),
    onSuccess: () =>
      Promise.all(invalidates.map((stale) => client.invalidateQueries({ queryKey: endpointKey(stale) }))),
  });
}

/**
 * Reads lists again when live frames say they changed (`refresh()` per frame). A frame that arrives
 * while the lists are being read asks for one more read once that read ends, instead of cancelling it:
 * under a burst (an alarm every 250 ms while the list takes longer than that to read) the lists still
 * show each new state within a read or two, rather than restarting until the burst ends.
 */
export function listRefresher(client: QueryClient, lists: readonly Endpoint[]): () => void {
  let running = false;
  let again = false;
  const readAll = () =>
    Promise.all(lists.map((list) => client.invalidateQueries({ queryKey: endpointKey(list) })));
  return () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void (async () => {
      try {
        do {
          again = false;
          await readAll();
        } while (again);
      } finally {
        running = false;
      }
    })();
  };
}

/** `listRefresher` for a component: one refresher per mounted component and list set. */
export function useListRefresher(...lists: Endpoint[]): () => void {
  const client = useQueryClient();
  // The same paths are the same lists: a new array each render keeps the refresher (and its state).
  const paths = lists.map((list) => list.path).join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => listRefresher(client, lists), [client, paths]);
}
