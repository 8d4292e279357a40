import { Templates } from '@rjsf/antd';
import type { FieldTemplateProps } from '@rjsf/utils';

import { FIELD_PREFIX } from './kind-fields.ts';

const AntFieldTemplate = Templates.FieldTemplate!;

/**
 * rjsf hides the label of any field drawn by a custom `ui:field`; the kinds' renderers are ordinary questions, so
 * their label shows as any other. A description's text is its content, not a caption under it.
 */
export function KindFieldTemplate(props: FieldTemplateProps) {
  const field = props.uiSchema?.['ui:field'];
  if (typeof field !== 'string' || !field.startsWith(FIELD_PREFIX)) return <AntFieldTemplate {...props} />;
  const description = field === `${FIELD_PREFIX}description`;
  return <AntFieldTemplate {...props} displayLabel rawDescription={description ? undefined : props.rawDescription} />;
}
