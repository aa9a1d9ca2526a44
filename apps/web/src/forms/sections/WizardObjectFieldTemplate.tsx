import { Templates } from '@rjsf/mui';
import {
  descriptionId,
  titleId,
  type DescriptionFieldProps,
  type ObjectFieldTemplateProps,
  type TitleFieldProps,
} from '@rjsf/utils';
import { useMemo, type ComponentType } from 'react';

function muiTemplate<P>(template: ComponentType<P> | undefined, name: string): ComponentType<P> {
  if (!template) throw new Error(`@rjsf/mui has no ${name}`);
  return template;
}
// The theme's own title and description (the sections' uiSchemas do not replace them).
const TitleFieldTemplate = muiTemplate<TitleFieldProps>(
  Templates.TitleFieldTemplate,
  'TitleFieldTemplate',
);
const DescriptionFieldTemplate = muiTemplate<DescriptionFieldProps>(
  Templates.DescriptionFieldTemplate,
  'DescriptionFieldTemplate',
);

const FIELDS_STYLE = {
  display: 'flex',
  flexDirection: 'column',
  rowGap: 26,
  marginTop: 10,
  marginBottom: 10,
} as const;

/**
 * The PSP section's field list: its title and description, then one field under the other, as
 * @rjsf/mui lays them out but with plain elements instead of a MUI `Grid` per field. The object
 * template re-renders on every keystroke (its `properties` are new each time), and a styled
 * component per field re-serialised its styles each time for nothing. The title only changes with
 * the section, so it is not rendered again per keystroke either.
 */
export function WizardObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const {
    title,
    description,
    properties,
    required,
    disabled,
    readonly,
    uiSchema,
    fieldPathId,
    schema,
    registry,
    optionalDataControl,
  } = props;
  const showControlInTitle = !readonly && !disabled;
  const heading = useMemo(() => {
    if (!title && !description) return null;
    return (
      <>
        {title ? (
          <TitleFieldTemplate
            id={titleId(fieldPathId)}
            title={title}
            required={required}
            schema={schema}
            uiSchema={uiSchema}
            registry={registry}
            optionalDataControl={showControlInTitle ? optionalDataControl : undefined}
          />
        ) : null}
        {description ? (
          <DescriptionFieldTemplate
            id={descriptionId(fieldPathId)}
            description={description}
            schema={schema}
            uiSchema={uiSchema}
            registry={registry}
          />
        ) : null}
      </>
    );
  }, [
    title,
    description,
    required,
    schema,
    uiSchema,
    registry,
    fieldPathId,
    showControlInTitle,
    optionalDataControl,
  ]);
  return (
    <>
      {heading}
      <div style={FIELDS_STYLE}>
        {showControlInTitle ? null : optionalDataControl}
        {properties.map((element) =>
          element.hidden ? element.content : <div key={element.name}>{element.content}</div>,
        )}
      </div>
    </>
  );
}
