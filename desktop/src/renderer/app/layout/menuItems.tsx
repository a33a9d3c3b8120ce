import type { ReactNode } from 'react';
import {
  AlertOutlined, ApiOutlined, AppstoreAddOutlined, BookOutlined, CalendarOutlined, CheckSquareOutlined, CodeOutlined,
  CommentOutlined, ContactsOutlined, DashboardOutlined, DollarOutlined, ExperimentOutlined, FolderOutlined,
  MessageOutlined, NotificationOutlined, PartitionOutlined, ProjectOutlined, QuestionCircleOutlined,
  RobotOutlined, SettingOutlined, TagsOutlined, TeamOutlined, ThunderboltOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import type { PlanFlag, Profile } from '@balcao/shared';
import type { PlanFlags } from '../../features/company';
import type { ptBR } from '../i18n/ptBR';

export interface MenuContext {
  profile: Profile;
  isSuper: boolean;
  flags: PlanFlags;
  /** The local `cshow` flag set at login when the company has campaigns enabled. */
  campaignsFlag: boolean;
}

type LabelKey = keyof typeof ptBR.menu;
interface Entry {
  path: string;
  label: LabelKey;
  icon: ReactNode;
  plan?: PlanFlag;
  superOnly?: boolean;
}
export interface MenuGroup {
  key: string;
  label: LabelKey;
  entries: Entry[];
}

const attendance: Entry[] = [
  { path: '/tickets', label: 'tickets', icon: <MessageOutlined /> },
  { path: '/quick-messages', label: 'quickMessages', icon: <ThunderboltOutlined /> },
  { path: '/kanban', label: 'kanban', icon: <ProjectOutlined />, plan: 'useKanban' },
  { path: '/todolist', label: 'todolist', icon: <CheckSquareOutlined /> },
  { path: '/contacts', label: 'contacts', icon: <ContactsOutlined /> },
  { path: '/schedules', label: 'schedules', icon: <CalendarOutlined />, plan: 'useSchedules' },
  { path: '/tags', label: 'tags', icon: <TagsOutlined /> },
  { path: '/chats', label: 'chats', icon: <CommentOutlined />, plan: 'useInternalChat' },
  { path: '/helps', label: 'helps', icon: <QuestionCircleOutlined /> },
];

const campaigns: Entry[] = [
  { path: '/campaigns', label: 'campaignsList', icon: <NotificationOutlined /> },
  { path: '/contact-lists', label: 'contactLists', icon: <UnorderedListOutlined /> },
  { path: '/campaigns-config', label: 'campaignsConfig', icon: <SettingOutlined /> },
];

const administration: Entry[] = [
  { path: '/announcements', label: 'announcements', icon: <AlertOutlined />, superOnly: true },
  { path: '/prompts', label: 'prompts', icon: <RobotOutlined />, plan: 'useOpenAi' },
  { path: '/knowledge', label: 'knowledge', icon: <BookOutlined />, plan: 'useCopilot' },
  { path: '/queue-integration', label: 'integrations', icon: <AppstoreAddOutlined />, plan: 'useIntegrations' },
  { path: '/connections', label: 'connections', icon: <ApiOutlined /> },
  { path: '/files', label: 'files', icon: <FolderOutlined /> },
  { path: '/queues', label: 'queues', icon: <PartitionOutlined /> },
  { path: '/users', label: 'users', icon: <TeamOutlined /> },
  { path: '/messages-api', label: 'messagesApi', icon: <CodeOutlined />, plan: 'useExternalApi' },
  { path: '/financeiro', label: 'financeiro', icon: <DollarOutlined /> },
  { path: '/settings', label: 'settings', icon: <SettingOutlined /> },
  { path: '/simulator', label: 'simulator', icon: <ExperimentOutlined /> },
];

/** The side menu of attendance.md §2, gated by profile, super flag and plan flags. */
export const buildMenu = (ctx: MenuContext): MenuGroup[] => {
  const allowed = (e: Entry) => (!e.plan || ctx.flags[e.plan]) && (!e.superOnly || ctx.isSuper);
  const visibleAttendance = attendance.filter(allowed);
  // Supervisors watch the company's dashboard too (decision 0141): first in their section.
  if (ctx.profile === 'supervisor') return [{ key: 'attendance', label: 'attendance', entries: [{ path: '/', label: 'dashboard', icon: <DashboardOutlined /> }, ...visibleAttendance] }];
  if (ctx.profile !== 'admin') return [{ key: 'attendance', label: 'attendance', entries: visibleAttendance }];
  const groups: MenuGroup[] = [
    {
      key: 'management',
      label: 'management',
      entries: [{ path: '/', label: 'dashboard', icon: <DashboardOutlined /> }, ...visibleAttendance],
    },
  ];
  if (ctx.flags.useCampaigns || ctx.campaignsFlag) groups.push({ key: 'campaigns', label: 'campaigns', entries: campaigns });
  groups.push({ key: 'administration', label: 'administration', entries: administration.filter(allowed) });
  return groups;
};
