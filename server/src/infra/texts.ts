/**
 * Every text the server itself writes into a conversation (greetings, the deleted-message
 * placeholder, call notices), in the company's language: the `language` setting ('pt-BR',
 * 'en', 'es'; anything else is pt-BR, the default). Services never hold these literals: they
 * ask `textsOf(language)`. pt-BR is the spec's wording, word for word.
 */
import type { KindLabels } from '@balcao/shared';

export const LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

/** The `settings` key that holds a company's language. */
export const LANGUAGE_SETTING = 'language';

export interface ServerTexts {
  /** How the ticket list names a last message that has no text of its own (`lastMessagePreview`). */
  kinds: KindLabels;
  /** `{{ms}}` / `{{greeting}}` by the hour of the company's time zone. */
  partOfDay(hour: number): string;
  /** Sent when an agent accepts a ticket and sendGreetingAccepted is enabled (variables rendered after). */
  acceptGreeting(agentName: string): string;
  /** Sent on a transfer when sendMsgTransfTicket is enabled: to a queue, to an agent, or both (server-behaviour §4). */
  transferNotice(queueName: string | null, agentName: string | null): string;
  /** Body stored for an incoming message the contact deleted for everyone (attendance §3). */
  revoked: string;
  /** Sent on the live ticket when a call is rejected because the company disabled calls. */
  callsDisabled: string;
  /** The `call_log` body; `time` is already formatted (HH:mm). */
  missedCall(isVideo: boolean, time: string): string;
  /** The chatbot (server-behaviour §6): an answer that is no option, and the option tree's navigation lines. */
  bot: { invalidOption: string; back: string; mainMenu: string };
  /** userRating: the question sent on close when the connection has no ratingMessage, and its three answers. */
  rating: { question: string; options: [string, string, string] };
  /** The 1–5 satisfaction survey after close (issue 30 §4; decision 0396): the question, the thanks for a score and for a comment. */
  /** `listQuestion`, `listButton`, `scores` (1 to 5): the Cloud API's interactive list of the same question (decision 0430). */
  csat: { question: string; thanks: string; thanksComment: string; listQuestion: string; listButton: string; scores: [string, string, string, string, string] };
  /** The contact lists' example sheet (GET /contact-lists/example.xlsx): its header and two made-up rows. */
  exampleSheet: { header: { name: string; number: string; email: string }; rows: [string, string, string][] };
  /** The password reset mail (issue 14 §3): the 6-digit code and how many minutes it lives. */
  resetMail: { subject: string; text(name: string, code: string, minutes: number): string };
  /** Why a schedule is ERRO (issue 13 §1), shown on the /schedules calendar and its modal. */
  schedule: { noConnection: string; disconnected(name: string): string; optedOut: string; windowClosed: string; contactGone: string; failed: string };
}

const catalogue: Record<Language, ServerTexts> = {
  'pt-BR': {
    kinds: {
      image: '📷 Imagem',
      video: '🎥 Vídeo',
      audio: '🎤 Áudio',
      sticker: '😀 Figurinha',
      location: 'Localização',
      document: '📄 Documento',
      contact: (name) => (name ? `Contato: ${name}` : 'Contato'),
      poll: '📊 Enquete',
      other: 'Mensagem',
    },
    partOfDay: (h) => (h < 12 ? 'Bom dia' : h < 18 ? 'Boa tarde' : 'Boa noite'),
    acceptGreeting: (agent) => `{{ms}} *{{name}}*, meu nome é *${agent}* e agora vou prosseguir com seu atendimento!`,
    transferNotice: (queue, agent) =>
      `*Mensagem automática*:\n${queue && agent ? `Você foi transferido para o departamento *${queue}* e contará com a presença de *${agent}*` : queue ? `Você foi transferido para o departamento *${queue}*` : `Você foi transferido para o atendente *${agent ?? ''}*`}\naguarde, já vamos te atender!`,
    revoked: 'Essa mensagem foi apagada pelo contato',
    callsDisabled: 'As chamadas de voz e vídeo estão desabilitadas para esse WhatsApp, favor enviar uma mensagem de texto. Obrigado',
    missedCall: (isVideo, time) => `Chamada de ${isVideo ? 'vídeo' : 'voz'} perdida às ${time}`,
    bot: { invalidOption: 'Opção inválida, por favor, escolha uma opção válida.', back: 'Voltar', mainMenu: 'Menu inicial' },
    rating: { question: 'Por favor, avalie o nosso atendimento:', options: ['Insatisfeito', 'Satisfeito', 'Muito Satisfeito'] },
    csat: {
      question: 'Como você avalia o nosso atendimento? Responda com um número de 1 a 5:\n\n*1* - Muito ruim\n*2* - Ruim\n*3* - Regular\n*4* - Bom\n*5* - Excelente',
      thanks: 'Obrigado pela sua avaliação! Se quiser, escreva um comentário.',
      thanksComment: 'Obrigado pelo seu comentário!',
      listQuestion: 'Como você avalia o nosso atendimento? Toque em "Avaliar" e escolha de 1 a 5.',
      listButton: 'Avaliar',
      scores: ['Muito ruim', 'Ruim', 'Regular', 'Bom', 'Excelente'],
    },
    exampleSheet: {
      header: { name: 'Nome', number: 'Número', email: 'Email' },
      rows: [
        ['Maria Silva', '5511988887777', 'maria@exemplo.com.br'],
        ['João Souza', '5521977776666', ''],
      ],
    },
    resetMail: {
      subject: 'Código para redefinir sua senha',
      text: (name, code, minutes) =>
        `Olá, ${name}.\n\nSeu código de verificação para redefinir a senha é: ${code}\n\nEle vale por ${minutes} minutos e pode ser usado uma única vez. Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.`,
    },
    schedule: {
      noConnection: 'Nenhuma conexão para enviar (cadastre uma conexão padrão)',
      disconnected: (name) => `A conexão ${name} não está conectada`,
      optedOut: 'O contato pediu para não receber mensagens (opt-out)',
      windowClosed: 'Número oficial (API Cloud): o contato não escreve há mais de 24 horas, e fora dessa janela só um modelo aprovado pode ser enviado',
      contactGone: 'O contato não existe mais',
      failed: 'Falha ao enviar a mensagem',
    },
  },
  en: {
    kinds: {
      image: '📷 Photo',
      video: '🎥 Video',
      audio: '🎤 Audio',
      sticker: '😀 Sticker',
      location: 'Location',
      document: '📄 Document',
      contact: (name) => (name ? `Contact: ${name}` : 'Contact'),
      poll: '📊 Poll',
      other: 'Message',
    },
    partOfDay: (h) => (h < 12 ? 'Good morning' : h < 18 ? 'Good afternoon' : 'Good evening'),
    acceptGreeting: (agent) => `{{ms}} *{{name}}*, my name is *${agent}* and I will take it from here!`,
    transferNotice: (queue, agent) =>
      `*Automatic message*:\n${queue && agent ? `You have been transferred to the *${queue}* department and *${agent}* will assist you` : queue ? `You have been transferred to the *${queue}* department` : `You have been transferred to the agent *${agent ?? ''}*`}\nplease wait, we will be with you shortly!`,
    revoked: 'This message was deleted by the contact',
    callsDisabled: 'Voice and video calls are disabled for this WhatsApp, please send a text message. Thank you',
    missedCall: (isVideo, time) => `Missed ${isVideo ? 'video' : 'voice'} call at ${time}`,
    bot: { invalidOption: 'Invalid option, please choose a valid option.', back: 'Back', mainMenu: 'Main menu' },
    rating: { question: 'Please rate our service:', options: ['Unsatisfied', 'Satisfied', 'Very satisfied'] },
    csat: {
      question: 'How would you rate our service? Reply with a number from 1 to 5:\n\n*1* - Very poor\n*2* - Poor\n*3* - Fair\n*4* - Good\n*5* - Excellent',
      thanks: 'Thank you for your rating! Feel free to write a comment.',
      thanksComment: 'Thank you for your comment!',
      listQuestion: 'How would you rate our service? Tap "Rate" and choose from 1 to 5.',
      listButton: 'Rate',
      scores: ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'],
    },
    exampleSheet: {
      header: { name: 'Name', number: 'Number', email: 'Email' },
      rows: [
        ['Mary Smith', '5511988887777', 'mary@example.com'],
        ['John Brown', '5521977776666', ''],
      ],
    },
    resetMail: {
      subject: 'Your password reset code',
      text: (name, code, minutes) =>
        `Hello, ${name}.\n\nYour verification code to reset your password is: ${code}\n\nIt is valid for ${minutes} minutes and works only once. If you did not ask for a reset, ignore this e-mail: your password stays the same.`,
    },
    schedule: {
      noConnection: 'No connection to send through (set a default connection)',
      disconnected: (name) => `The connection ${name} is not connected`,
      optedOut: 'The contact asked not to receive messages (opt-out)',
      windowClosed: 'Official number (Cloud API): the contact has not written for more than 24 hours, and outside that window only an approved template can be sent',
      contactGone: 'The contact no longer exists',
      failed: 'Sending the message failed',
    },
  },
  es: {
    kinds: {
      image: '📷 Imagen',
      video: '🎥 Video',
      audio: '🎤 Audio',
      sticker: '😀 Sticker',
      location: 'Ubicación',
      document: '📄 Documento',
      contact: (name) => (name ? `Contacto: ${name}` : 'Contacto'),
      poll: '📊 Encuesta',
      other: 'Mensaje',
    },
    partOfDay: (h) => (h < 12 ? 'Buenos días' : h < 18 ? 'Buenas tardes' : 'Buenas noches'),
    acceptGreeting: (agent) => `{{ms}} *{{name}}*, mi nombre es *${agent}* y ahora voy a continuar con su atención!`,
    transferNotice: (queue, agent) =>
      `*Mensaje automático*:\n${queue && agent ? `Usted fue transferido al departamento *${queue}* y contará con la presencia de *${agent}*` : queue ? `Usted fue transferido al departamento *${queue}*` : `Usted fue transferido al agente *${agent ?? ''}*`}\naguarde, ¡ya lo vamos a atender!`,
    revoked: 'Este mensaje fue eliminado por el contacto',
    callsDisabled: 'Las llamadas de voz y video están deshabilitadas para este WhatsApp, por favor envíe un mensaje de texto. Gracias',
    missedCall: (isVideo, time) => `Llamada de ${isVideo ? 'video' : 'voz'} perdida a las ${time}`,
    bot: { invalidOption: 'Opción inválida, por favor, elija una opción válida.', back: 'Volver', mainMenu: 'Menú inicial' },
    rating: { question: 'Por favor, califique nuestra atención:', options: ['Insatisfecho', 'Satisfecho', 'Muy satisfecho'] },
    csat: {
      question: '¿Cómo califica nuestra atención? Responda con un número del 1 al 5:\n\n*1* - Muy mala\n*2* - Mala\n*3* - Regular\n*4* - Buena\n*5* - Excelente',
      thanks: '¡Gracias por su calificación! Si quiere, escriba un comentario.',
      thanksComment: '¡Gracias por su comentario!',
      listQuestion: '¿Cómo califica nuestra atención? Toque en "Calificar" y elija del 1 al 5.',
      listButton: 'Calificar',
      scores: ['Muy mala', 'Mala', 'Regular', 'Buena', 'Excelente'],
    },
    exampleSheet: {
      header: { name: 'Nombre', number: 'Número', email: 'Email' },
      rows: [
        ['María García', '5511988887777', 'maria@ejemplo.com'],
        ['Juan Pérez', '5521977776666', ''],
      ],
    },
    resetMail: {
      subject: 'Código para restablecer su contraseña',
      text: (name, code, minutes) =>
        `Hola, ${name}.\n\nSu código de verificación para restablecer la contraseña es: ${code}\n\nEs válido por ${minutes} minutos y se puede usar una sola vez. Si usted no pidió el restablecimiento, ignore este correo: su contraseña sigue siendo la misma.`,
    },
    schedule: {
      noConnection: 'Ninguna conexión para enviar (registre una conexión predeterminada)',
      disconnected: (name) => `La conexión ${name} no está conectada`,
      optedOut: 'El contacto pidió no recibir mensajes (opt-out)',
      windowClosed: 'Número oficial (API Cloud): el contacto no escribe hace más de 24 horas, y fuera de esa ventana solo se puede enviar una plantilla aprobada',
      contactGone: 'El contacto ya no existe',
      failed: 'Falló el envío del mensaje',
    },
  },
};

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The texts of a language; an unknown or missing one gives pt-BR. */
export const textsOf = (language: string | null | undefined): ServerTexts => catalogue[isLanguage(language) ? language : DEFAULT_LANGUAGE];
