// The desktop-app feature's texts (issue 27 §4): its sections of the catalogue in pt-BR, en and es.
// app/i18n/ composes every feature's; en and es are typed by pt-BR, so a missing key does not compile.
import type { Texts } from '../../app/i18n/texts';

export const ptBR = {
  desktopApp: {
    server: {
      title: 'Servidor',
      intro: 'Informe o endereço do servidor do Balcão da sua empresa. O aplicativo guarda a escolha neste computador.',
      label: 'Endereço do servidor',
      placeholder: 'https://balcao.suaempresa.com.br',
      check: 'Verificar',
      save: 'Salvar e conectar',
      back: 'Voltar',
      current: 'Servidor atual: {{url}}',
      found: 'Servidor Balcão {{version}} encontrado em {{url}}.',
      unreachable: 'Não foi possível conectar a {{url}}. Confira o endereço e a sua conexão.',
      notBalcao: '{{url}} respondeu, mas não é um servidor do Balcão.',
      invalid: 'Informe um endereço http(s) sem caminho, como https://balcao.suaempresa.com.br.',
      saveFailed: 'Não foi possível salvar o servidor. Tente novamente.',
      menu: 'Servidor',
      change: 'Alterar',
    },
    prefs: {
      title: 'Aplicativo',
      closeToTray: 'Ao fechar a janela, manter o Balcão na bandeja',
      minimizeToTray: 'Ao minimizar, esconder na bandeja',
      openAtLogin: 'Iniciar com o computador',
      doNotDisturb: 'Não perturbe',
      saveFailed: 'Não foi possível salvar a preferência.',
    },
  },
};

export const en: Texts<typeof ptBR> = {
  desktopApp: {
    server: {
      title: 'Server',
      intro: "Enter the address of your company's Balcão server. The app keeps your choice on this computer.",
      label: 'Server address',
      placeholder: 'https://balcao.yourcompany.com',
      check: 'Check',
      save: 'Save and connect',
      back: 'Back',
      current: 'Current server: {{url}}',
      found: 'Balcão server {{version}} found at {{url}}.',
      unreachable: 'Could not connect to {{url}}. Check the address and your connection.',
      notBalcao: '{{url}} answered, but it is not a Balcão server.',
      invalid: 'Enter an http(s) address without a path, such as https://balcao.yourcompany.com.',
      saveFailed: 'Could not save the server. Please try again.',
      menu: 'Server',
      change: 'Change',
    },
    prefs: {
      title: 'App',
      closeToTray: 'When closing the window, keep Balcão in the tray',
      minimizeToTray: 'When minimising, hide in the tray',
      openAtLogin: 'Start with the computer',
      doNotDisturb: 'Do not disturb',
      saveFailed: 'Could not save the preference.',
    },
  },
};

export const es: Texts<typeof ptBR> = {
  desktopApp: {
    server: {
      title: 'Servidor',
      intro: 'Indique la dirección del servidor de Balcão de su empresa. La aplicación guarda la elección en este equipo.',
      label: 'Dirección del servidor',
      placeholder: 'https://balcao.suempresa.com',
      check: 'Verificar',
      save: 'Guardar y conectar',
      back: 'Volver',
      current: 'Servidor actual: {{url}}',
      found: 'Servidor Balcão {{version}} encontrado en {{url}}.',
      unreachable: 'No fue posible conectar con {{url}}. Revise la dirección y su conexión.',
      notBalcao: '{{url}} respondió, pero no es un servidor de Balcão.',
      invalid: 'Indique una dirección http(s) sin ruta, como https://balcao.suempresa.com.',
      saveFailed: 'No fue posible guardar el servidor. Inténtelo de nuevo.',
      menu: 'Servidor',
      change: 'Cambiar',
    },
    prefs: {
      title: 'Aplicación',
      closeToTray: 'Al cerrar la ventana, mantener Balcão en la bandeja',
      minimizeToTray: 'Al minimizar, ocultar en la bandeja',
      openAtLogin: 'Iniciar con el equipo',
      doNotDisturb: 'No molestar',
      saveFailed: 'No fue posible guardar la preferencia.',
    },
  },
};
