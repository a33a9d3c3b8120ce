/**
 * Meta's message templates (`GET /<waba-id>/message_templates`) → our `WhatsappTemplateDto`, and
 * a template send (`TemplateSend`) checked against its template → the port's `TemplateContent`.
 * Pure: the account service reads the list and asks these.
 */
import { templateHeaderFormats, templateParams, type TemplateHeaderFormat, type TemplateSend, type WhatsappTemplateDto } from '@balcao/shared';
import { AppError } from '../../../infra/errors';
import type { TemplateContent } from '../channel-content';

/** One template as Meta lists it (the fields we ask for). */
export interface GraphTemplate {
  name?: string;
  language?: string;
  status?: string;
  category?: string;
  parameter_format?: string;
  components?: { type?: string; format?: string; text?: string; buttons?: { text?: string }[] }[];
}

const headerFormat = (f: string | undefined): TemplateHeaderFormat => ((templateHeaderFormats as readonly string[]).includes(f ?? '') ? (f as TemplateHeaderFormat) : 'TEXT');

/** Meta's template → ours; one without a name or language is left out. */
export const toTemplateDto = (t: GraphTemplate): WhatsappTemplateDto | undefined => {
  if (!t.name || !t.language) return undefined;
  const part = (type: string) => t.components?.find((c) => c.type?.toUpperCase() === type);
  const h = part('HEADER');
  const header = h ? { format: headerFormat(h.format), ...(h.text ? { text: h.text } : {}) } : null;
  const body = part('BODY')?.text ?? '';
  return {
    name: t.name,
    language: t.language,
    category: t.category ?? '',
    status: t.status ?? '',
    header,
    body,
    footer: part('FOOTER')?.text ?? null,
    buttons: (part('BUTTONS')?.buttons ?? []).map((b) => b.text ?? '').filter(Boolean),
    params: templateParams(header?.format === 'TEXT' ? header.text : undefined, body),
    parameterFormat: t.parameter_format?.toUpperCase() === 'NAMED' ? 'NAMED' : 'POSITIONAL',
  };
};

const invalid = (message: string) => new AppError('ERR_VALIDATION', message);

/** The port's content for `send` of template `t`: every placeholder filled, a media header's link given. */
export const templateContent = (t: WhatsappTemplateDto, send: TemplateSend): TemplateContent => {
  if (send.variables.length !== t.params.length) throw invalid(`variables: the template ${t.name} takes ${t.params.length}, ${send.variables.length} given`);
  const format = t.header?.format;
  const media = format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT' ? format : undefined;
  if (media && !send.headerMediaUrl) throw invalid(`headerMediaUrl: the template ${t.name} has a ${media.toLowerCase()} header`);
  if (!media && send.headerMediaUrl) throw invalid(`headerMediaUrl: the template ${t.name} has no media header`);
  if (format === 'LOCATION') throw invalid(`the template ${t.name} has a location header, which Balcão does not fill`);
  return {
    kind: 'template',
    name: t.name,
    language: t.language,
    parameterFormat: t.parameterFormat,
    params: t.params.map((p, i) => ({ ...p, text: send.variables[i]! })),
    ...(media ? { header: { format: media, link: send.headerMediaUrl! } } : {}),
  };
};
