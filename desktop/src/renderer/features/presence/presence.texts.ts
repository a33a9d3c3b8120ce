// The presence feature's texts (issue 30 §1): its section of the catalogue in pt-BR, en and es.
import type { Texts } from '../../app/i18n/texts';

export const ptBR = {
  presence: {
    online: 'Online',
    away: 'Ausente',
    offline: 'Offline',
    toggle: 'Seu status: {{status}}. Clique para mudar.',
    becameAway: 'Você está ausente: novos atendimentos não serão distribuídos para você.',
    becameOnline: 'Você está online: novos atendimentos podem ser distribuídos para você.',
  },
};

export const en: Texts<typeof ptBR> = {
  presence: {
    online: 'Online',
    away: 'Away',
    offline: 'Offline',
    toggle: 'Your status: {{status}}. Click to change.',
    becameAway: 'You are away: new tickets will not be assigned to you.',
    becameOnline: 'You are online: new tickets may be assigned to you.',
  },
};

export const es: Texts<typeof ptBR> = {
  presence: {
    online: 'En línea',
    away: 'Ausente',
    offline: 'Desconectado',
    toggle: 'Su estado: {{status}}. Haga clic para cambiarlo.',
    becameAway: 'Está ausente: no se le asignarán nuevos tickets.',
    becameOnline: 'Está en línea: se le pueden asignar nuevos tickets.',
  },
};
