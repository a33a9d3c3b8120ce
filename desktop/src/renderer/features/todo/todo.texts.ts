// The todo feature's texts (issue 27 §4): its sections of the catalogue in pt-BR, en and es.
// app/i18n/ composes every feature's; en and es are typed by pt-BR, so a missing key does not compile.
import type { Texts } from '../../app/i18n/texts';

export const ptBR = {
  todo: {
    title: 'Tarefas',
    placeholder: 'Nova tarefa',
    add: 'Adicionar',
    save: 'Salvar',
    edit: 'Editar',
    delete: 'Excluir',
    deleteTitle: 'Excluir esta tarefa?',
    empty: 'Nenhuma tarefa. As tarefas ficam só neste dispositivo.',
  },
};

export const en: Texts<typeof ptBR> = {
  todo: {
    title: 'To-do',
    placeholder: 'New task',
    add: 'Add',
    save: 'Save',
    edit: 'Edit',
    delete: 'Delete',
    deleteTitle: 'Delete this task?',
    empty: 'No tasks. Tasks are kept on this device only.',
  },
};

export const es: Texts<typeof ptBR> = {
  todo: {
    title: 'Tareas',
    placeholder: 'Nueva tarea',
    add: 'Agregar',
    save: 'Guardar',
    edit: 'Editar',
    delete: 'Eliminar',
    deleteTitle: '¿Eliminar esta tarea?',
    empty: 'No hay tareas. Las tareas se guardan solo en este dispositivo.',
  },
};
