import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A record opened in a side panel by a parameter of the address (`?id=…`, `?parcela=…`), beside the list's own
 * filters: a link reproduces the view, Back closes the panel. `open(id)` and `close()` keep every other parameter.
 */
export function useDetailParam(name: string) {
  const [params, setParams] = useSearchParams();
  const withValue = (current: URLSearchParams, value: string | null) => {
    const next = new URLSearchParams(current);
    if (value === null) next.delete(name);
    else next.set(name, value);
    return next;
  };
  return {
    value: params.get(name),
    open: (value: string) => setParams((current) => withValue(current, value)),
    close: () => setParams((current) => withValue(current, null)),
    href: (value: string) => `?${withValue(params, value).toString()}`,
  };
}

/** A link that opens a record's side panel (`useDetailParam`) without leaving the list. */
export function DetailLink({ param, value, children }: { param: string; value: string; children: ReactNode }) {
  const detail = useDetailParam(param);
  return (
    <Anchor
      href={detail.href(value)}
      onClick={(event) => {
        event.preventDefault();
        detail.open(value);
      }}
    >
      {children}
    </Anchor>
  );
}
