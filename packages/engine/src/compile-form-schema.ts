/** Compiles a form's JSON Schema with ajv once per distinct schema. */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FormSchema } from './types.ts';

// Keyed by the schema's JSON so definitions re-parsed from the database reuse the compiled validator;
// the number of keys is bounded by the number of definition versions.
const compiled = new Map<string, ValidateFunction>();

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?$/i;

function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Date.UTC rolls 30 February over into March, which is how an impossible day is detected.
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isTime(text: string): boolean {
  const m = TIME.exec(text);
  return m !== null && Number(m[1]) < 24 && Number(m[2]) < 60 && (m[3] === undefined || Number(m[3]) < 60);
}

// Browsers' date-time pickers send "2026-11-23T14:00" (no seconds, no zone); RFC 3339's strict form
// would reject what every form widget produces, so seconds and zone are optional here.
function isDateTime(text: string): boolean {
  const at = text.search(/[T ]/i);
  return at === 10 && isDate(text.slice(0, at)) && isTime(text.slice(at + 1));
}

// One instance for all forms: each instance compiles the draft-07 meta-schema again, which dominates load time.
let shared: Ajv | null = null;

function ajvInstance(): Ajv {
  if (shared) return shared;
  // strict mode turns typos in definitions (unknown keywords, required fields without properties) into load errors.
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv, ['email', 'uri', 'uuid']);
  ajv.addFormat('date', { type: 'string', validate: isDate });
  ajv.addFormat('time', { type: 'string', validate: isTime });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  shared = ajv;
  return ajv;
}

/** The ajv validator for a form schema; throws ajv's error when the schema itself is invalid. */
export function compileFormSchema(schema: FormSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    // Without its $id: ajv registers ids, and two versions of one definition may carry the same one.
    const anonymous: Record<string, unknown> = { ...schema };
    delete anonymous.$id;
    validate = ajvInstance().compile(anonymous);
    compiled.set(key, validate);
  }
  return validate;
}
