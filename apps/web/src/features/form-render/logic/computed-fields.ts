import { computeValue, type ComputedRule } from '@service-hall/engine/form';

type Data = Record<string, unknown>;
type Props = Record<string, { 'x-computed'?: ComputedRule }>;

/**
 * The form data with every read-only computed field (`compare: equal`, e.g. working days of a date range) set to
 * the value the engine computes from the dates given, or left out while they are incomplete. The engine
 * recomputes it on submit, so this is only what the member sees as they fill the form. Returns the same object
 * when nothing changed, so a controlled form does not re-render in a loop.
 */
export function withComputed(schema: Record<string, unknown>, data: Data): Data {
  const props = (schema.properties ?? {}) as Props;
  let out = data;
  for (const [name, prop] of Object.entries(props)) {
    const rule = prop['x-computed'];
    if (!rule || (rule.compare ?? 'equal') !== 'equal') continue;
    const value = computeValue(rule, data);
    if (value === (data[name] ?? null)) continue;
    out = out === data ? { ...data } : out;
    if (value === null) delete out[name];
    else out[name] = value;
  }
  return out;
}
