import {
  Building2,
  ClipboardCheck,
  CodeXml,
  type LucideIcon,
  Mail,
  ShieldCheck,
  Signature,
} from 'lucide-react';
import { type SettingsGroup, settingsGroups } from '../../../shared/settings-sections';

type GroupInfo = {
  label: string;
  description: string;
  icon: LucideIcon;
  /** Members do not see it in the navigation, and its page only says who may. */
  adminOnly: boolean;
};

/** How each settings page is named and shown; which sections it holds is in src/shared. */
export const settingsGroupInfo: Record<SettingsGroup, GroupInfo> = {
  general: {
    label: 'General',
    description:
      'How your organization appears, what every signer fills in, and the terms each contract keeps.',
    icon: Building2,
    adminOnly: false,
  },
  signing: {
    label: 'Signing',
    description: 'How long signers have, when they are reminded, and the certificate that seals signed PDFs.',
    icon: Signature,
    adminOnly: false,
  },
  security: {
    label: 'Security',
    description: 'How everyone in the organization signs in.',
    icon: ShieldCheck,
    adminOnly: false,
  },
  approvals: {
    label: 'Approvals',
    description: 'Who approves a contract before it can be sent for signing.',
    icon: ClipboardCheck,
    adminOnly: false,
  },
  developers: {
    label: 'Developers',
    description:
      'Your own software and Pactum: API tokens to use its API, webhooks to hear of contract events, and the sites that may show the signing page.',
    icon: CodeXml,
    adminOnly: true,
  },
  mail: {
    label: 'Mail',
    description: 'The e-mail Pactum sends for your organization.',
    icon: Mail,
    adminOnly: true,
  },
};

/** The pages in the order the navigation lists them. */
export const settingsGroupOrder = Object.keys(settingsGroups) as SettingsGroup[];
