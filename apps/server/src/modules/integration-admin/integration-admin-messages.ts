import { defineMessages } from '../../i18n/messages.ts';

/** Messages of systems and registered clients. */
export const M = defineMessages('integration-admin', {
  SYSTEM_NOT_FOUND: { zh: '业务系统“{id}”不存在', en: 'No system "{id}"' },
  SYSTEM_ID_TAKEN: { zh: '业务系统编号“{id}”已存在', en: 'The system id "{id}" already exists' },
  SYSTEM_APP_UNKNOWN: { zh: '事项编码“{code}”不存在', en: 'No app with the code "{code}"' },
  SYSTEM_APP_TAKEN: {
    zh: '事项“{code}”已属于业务系统“{system}”，请先在该系统中移除',
    en: 'The app "{code}" belongs to the system "{system}"; remove it there first',
  },
  CLIENT_NOT_FOUND: { zh: '客户端“{id}”不存在', en: 'No client "{id}"' },
  CLIENT_ID_TAKEN: { zh: '客户端编号“{id}”已存在', en: 'The client id "{id}" already exists' },
  CLIENT_NOT_CONFIDENTIAL: {
    zh: '公共客户端（PKCE）没有密钥，无法轮换',
    en: 'A public (PKCE) client has no secret to rotate',
  },
  CLIENT_REDIRECTS_FOR_PUBLIC: {
    zh: '只有公共客户端和机密客户端才有回调地址',
    en: 'Only public and confidential clients have redirect URIs',
  },
  CLIENT_REDIRECT_LOOPBACK: {
    zh: '公共客户端的回调地址必须是本机回环地址（http://127.0.0.1:端口/路径 或 http://[::1]:端口/路径）',
    en: 'A public client’s redirect URIs must be loopback addresses (http://127.0.0.1:{port}/path or http://[::1]:{port}/path)',
  },
  CLIENT_PKCE_FOR_CONFIDENTIAL: {
    zh: '只有机密客户端可以免用 PKCE',
    en: 'Only a confidential client may sign in without PKCE',
  },
});
