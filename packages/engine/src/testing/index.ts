/** Test support shared by the engine's and the web's tests. */
export { formCases, type FormCase } from './form-cases.ts';
export { paletteForm } from './palette-form.ts';
