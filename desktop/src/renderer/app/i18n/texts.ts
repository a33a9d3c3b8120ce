/**
 * A feature's texts in another language: the same keys as its pt-BR texts, any wording (issue 27
 * §4). Each feature keeps its sections in `features/<f>/<f>.texts.ts`; ptBR.ts, en.ts and es.ts
 * compose them into the one catalogue i18next reads.
 */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
