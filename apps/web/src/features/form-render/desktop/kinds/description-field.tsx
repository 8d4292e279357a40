import type { FieldProps } from '@rjsf/utils';

/** Static text on the form (notes, instructions): no input and no value. Its text is the uiSchema's `ui:description`. */
export function DescriptionField({ fieldPathId, uiSchema }: FieldProps) {
  const text = uiSchema?.['ui:description'];
  return (
    <div id={fieldPathId.$id} className="sh-kind-description">
      {typeof text === 'string' ? text : ''}
    </div>
  );
}
