/**
 * What a search becomes in to_tsquery (pure; decision 0401). Words are letters and digits only,
 * so nothing typed can be read as an operator; balcao_fold in SQL folds accents and case, as
 * message search does (migration 0010).
 */
const words = (text: string, max: number): string[] =>
  text
    .normalize('NFC')
    .split(/[^\p{L}\p{Nd}]+/u)
    .filter((w) => w !== '')
    .slice(0, max);

/** The screen's search: every word, each as a word or the start of one ("acao" finds "ações"). */
export const allWordsQuery = (text: string): string => words(text, 8).map((w) => `${w}:*`).join(' & ');

/**
 * Portuguese (and Spanish/English) words too common to say what a message is about: with 'simple'
 * (no stemming, no stop list, as message search) they would match every article.
 */
const STOP = new Set(
  (
    'a o as os um uma uns umas de da do das dos em na no nas nos por para pra pro com sem sob e ou mas que se ' +
    'me te lhe nos vos eu tu ele ela eles elas voce voces meu minha seu sua isso isto esse essa este esta aquele ' +
    'ao aos ja nao sim muito mais menos bem ate quando como onde qual quais quem tem ter tenho foi ser sou esta estou ' +
    'oi ola tudo bom boa dia tarde noite obrigado obrigada por favor gostaria queria quero saber pode poderia ' +
    'el la los las y o pero con sin del al es son the and or of to in is are for with you i it'
  ).split(' '),
);
const fold = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * A customer's message as a retrieval query: its telling words (3+ letters, not a stop word), any
 * of them (OR), each a word or the start of one; ranking puts the articles with most of them first.
 * '' when nothing is left.
 */
export const anyWordsQuery = (text: string): string => [...new Set(words(text, 64).map(fold).filter((w) => w.length >= 3 && !STOP.has(w)))].slice(0, 16).map((w) => `${w}:*`).join(' | ');
