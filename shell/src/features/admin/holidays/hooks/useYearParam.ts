import { useSearchParams } from '@backoffice/ui';

/** The year shown, kept in the address (`?ano=2027`) so a reload or a shared link shows the same year. */
export function useYearParam(defaultYear: number): [number, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = Number(params.get('ano'));
  const year = Number.isInteger(parsed) && parsed >= 1900 && parsed <= 2200 ? parsed : defaultYear;
  const setYear = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === defaultYear) copy.delete('ano');
        else copy.set('ano', String(next));
        return copy;
      },
      { replace: true },
    );
  return [year, setYear];
}
