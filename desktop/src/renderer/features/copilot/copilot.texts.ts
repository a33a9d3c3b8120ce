// The copilot feature's texts (issue 32): its sections of the catalogue in pt-BR, en and es.
// app/i18n/ composes every feature's; en and es are typed by pt-BR, so a missing key does not compile.
import type { Texts } from '../../app/i18n/texts';

export const ptBR = {
  copilotAgent: {
    suggestions: 'Sugestões',
    routingTitle: 'Encaminhamento sugerido',
    suggestRouting: 'Sugerir fila e etiquetas',
    apply: 'Aplicar',
    applied: 'Fila e etiquetas aplicadas.',
    noQueue: 'Nenhuma fila sugerida',
    suggestionsTitle: 'Sugestões do copiloto',
    suggestionsHint: 'Rascunhos para a última mensagem do cliente. Insira, revise e envie você mesmo.',
    insert: 'Inserir',
    retry: 'Tentar de novo',
    sources: 'Fontes',
    noSources: 'Sem fonte da base de conhecimento',
    article: 'Artigo',
    quickMessage: 'Resposta rápida',
    summaryTitle: 'Resumo do atendimento',
    summarize: 'Resumir',
    resummarize: 'Resumir de novo',
    noSummary: 'Ainda sem resumo. O copiloto resume a conversa em poucas linhas.',
    history: 'Resumos anteriores ({{count}})',
    reason: { manual: 'pedido', transfer: 'na transferência', close: 'no fechamento' },
  },
};

export const en: Texts<typeof ptBR> = {
  copilotAgent: {
    suggestions: 'Suggestions',
    routingTitle: 'Suggested routing',
    suggestRouting: 'Suggest queue and tags',
    apply: 'Apply',
    applied: 'Queue and tags applied.',
    noQueue: 'No queue suggested',
    suggestionsTitle: "Copilot's suggestions",
    suggestionsHint: "Drafts for the customer's last message. Insert, review and send them yourself.",
    insert: 'Insert',
    retry: 'Try again',
    sources: 'Sources',
    noSources: 'No knowledge base source',
    article: 'Article',
    quickMessage: 'Quick reply',
    summaryTitle: 'Conversation summary',
    summarize: 'Summarize',
    resummarize: 'Summarize again',
    noSummary: 'No summary yet. The copilot sums the conversation up in a few lines.',
    history: 'Earlier summaries ({{count}})',
    reason: { manual: 'asked', transfer: 'on transfer', close: 'on close' },
  },
};

export const es: Texts<typeof ptBR> = {
  copilotAgent: {
    suggestions: 'Sugerencias',
    routingTitle: 'Enrutamiento sugerido',
    suggestRouting: 'Sugerir cola y etiquetas',
    apply: 'Aplicar',
    applied: 'Cola y etiquetas aplicadas.',
    noQueue: 'Ninguna cola sugerida',
    suggestionsTitle: 'Sugerencias del copiloto',
    suggestionsHint: 'Borradores para el último mensaje del cliente. Insértelos, revíselos y envíelos usted.',
    insert: 'Insertar',
    retry: 'Intentar de nuevo',
    sources: 'Fuentes',
    noSources: 'Sin fuente de la base de conocimiento',
    article: 'Artículo',
    quickMessage: 'Respuesta rápida',
    summaryTitle: 'Resumen de la atención',
    summarize: 'Resumir',
    resummarize: 'Resumir de nuevo',
    noSummary: 'Aún sin resumen. El copiloto resume la conversación en pocas líneas.',
    history: 'Resúmenes anteriores ({{count}})',
    reason: { manual: 'pedido', transfer: 'en la transferencia', close: 'en el cierre' },
  },
};
