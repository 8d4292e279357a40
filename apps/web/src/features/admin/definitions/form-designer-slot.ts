/** The Form tab's designer (form-designer/): palette, field settings, live desktop and phone preview. */
export { FormDesigner } from './form-designer/index.ts';
