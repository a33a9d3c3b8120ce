// The kanban feature's texts (issue 27 §4): its sections of the catalogue in pt-BR, en and es.
// app/i18n/ composes every feature's; en and es are typed by pt-BR, so a missing key does not compile.
import type { Texts } from '../../app/i18n/texts';

export const ptBR = {
  kanban: {
    title: 'Kanban',
    open: 'Em aberto',
    viewTicket: 'Ver Ticket',
    added: 'Ticket Tag Adicionado com Sucesso!',
    removed: 'Ticket Tag Removido!',
    ticketNumber: 'Ticket #{{id}}',
    emptyLane: 'Nenhum ticket',
    noLanes: 'Nenhuma etiqueta de kanban ainda: ative "Kanban" numa etiqueta em Etiquetas para criar uma raia.',
    cardRole: 'cartão arrastável',
    cardLabel: 'Ticket #{{id}}, {{name}}',
    dragHelp: 'Para mover um cartão: Espaço ou Enter pega, setas esquerda e direita trocam de raia, Espaço ou Enter solta, Esc cancela.',
  },
};

export const en: Texts<typeof ptBR> = {
  kanban: {
    title: 'Kanban',
    open: 'Open',
    viewTicket: 'View ticket',
    added: 'Ticket tag added!',
    removed: 'Ticket tag removed!',
    ticketNumber: 'Ticket #{{id}}',
    emptyLane: 'No tickets',
    noLanes: 'No kanban tags yet: turn on "Kanban" on a tag in Tags to make a lane.',
    cardRole: 'draggable card',
    cardLabel: 'Ticket #{{id}}, {{name}}',
    dragHelp: 'To move a card: Space or Enter picks it up, left and right arrows change lanes, Space or Enter drops it, Esc cancels.',
  },
};

export const es: Texts<typeof ptBR> = {
  kanban: {
    title: 'Kanban',
    open: 'Abiertos',
    viewTicket: 'Ver ticket',
    added: '¡Etiqueta del ticket añadida!',
    removed: '¡Etiqueta del ticket quitada!',
    ticketNumber: 'Ticket #{{id}}',
    emptyLane: 'Ningún ticket',
    noLanes: 'Aún no hay etiquetas de kanban: active "Kanban" en una etiqueta en Etiquetas para crear un carril.',
    cardRole: 'tarjeta arrastrable',
    cardLabel: 'Ticket #{{id}}, {{name}}',
    dragHelp: 'Para mover una tarjeta: Espacio o Enter la toma, las flechas izquierda y derecha cambian de carril, Espacio o Enter la suelta, Esc cancela.',
  },
};
