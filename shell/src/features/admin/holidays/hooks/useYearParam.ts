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

/** The unit whose calendar is shown, kept in the address (`?unidade=<id>`; absent: every unit's holidays). */
export function useUnitParam(): [string, (unitId: string) => void] {
  const [params, setParams] = useSearchParams();
  const unitId = params.get('unidade') ?? '';
  const setUnitId = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('unidade', next);
        else copy.delete('unidade');
        return copy;
      },
      { replace: true },
    );
  return [unitId, setUnitId];
}
