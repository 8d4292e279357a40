/**
 * The form designer's public face for the page that hosts it (the definitions page): the component, whether a form
 * is ready to publish (`formProblems(form)` empty), and an empty form to start a new definition from.
 */
export { FormDesigner, type FormDesignerProps } from './form-designer.tsx';
export { formProblems, type FormProblem, type ProblemCode } from './form-problems.ts';
export { emptyForm, type DesignerForm } from './designer-model.ts';
