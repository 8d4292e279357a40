import { defineMessages } from '../../i18n/messages.ts';

/**
 * Refusals of an upload. The type and size refusals carry the engine's own sentence about the file (the one the
 * browser shows before uploading), in each language as its own parameter, so the server and the form agree word
 * for word.
 */
export const attachmentsMessages = defineMessages('attachments', {
  ATTACHMENT_FIELD_UNKNOWN: { zh: '该表单没有这个附件栏', en: 'This form has no such attachment field' },
  ATTACHMENT_NOT_MULTIPART: {
    zh: '请以 multipart/form-data 上传一个名为 file 的文件',
    en: 'Upload one file as multipart/form-data, in a part named file',
  },
  ATTACHMENT_TOO_LARGE: {
    zh: '文件过大：此附件栏每个文件最大 {limit} MB',
    en: 'The file is too large: this field takes files of at most {limit} MB',
  },
  ATTACHMENT_TYPE_REFUSED: { zh: '{detail_zh}', en: '{detail_en}' },
  ATTACHMENT_CONTENT_MISMATCH: {
    zh: '文件“{name}”的内容与其类型或扩展名不符，未上传',
    en: 'The content of "{name}" does not match its type or extension; it was not uploaded',
  },
  ATTACHMENT_REFUSED_BY_SCAN: {
    zh: '文件“{name}”未通过病毒检查，未上传',
    en: '"{name}" did not pass the virus check; it was not uploaded',
  },
  ATTACHMENT_SCAN_UNAVAILABLE: {
    zh: '病毒检查暂时不可用，请稍后再上传',
    en: 'The virus check is not available right now; please upload again later',
  },
  ATTACHMENT_UNKNOWN: {
    zh: '表单中的附件不存在或不是您为此表单上传的，请重新上传',
    en: 'An attachment in the form does not exist or was not uploaded by you for this form; please upload it again',
  },
  UPLOAD_HOURLY_QUOTA: {
    zh: '您在一小时内最多可上传 {limit} MB 的附件，已达上限，请 {minutes} 分钟后再上传',
    en: 'You can upload at most {limit} MB of attachments an hour and have reached that; please upload again in {minutes} min',
  },
  UPLOAD_UNATTACHED_QUOTA: {
    zh: '您已上传但尚未提交的附件已达 {limit} MB 上限：请先提交表单或删除不需要的附件（未提交的附件 {hours} 小时后自动删除）',
    en: 'Your uploads not yet in a submitted form have reached the limit of {limit} MB: submit the form or remove attachments you do not need (unsubmitted uploads are deleted after {hours} hours)',
  },
  DISK_RESERVE_REACHED: {
    zh: '服务器存储空间即将用尽（须保留 {reserve} MB），暂停接收附件；查看和办理事项不受影响，请稍后再上传',
    en: 'The server is nearly out of storage (it keeps {reserve} MB free), so uploads are paused; viewing and handling tasks still work. Please upload later',
  },
  ATTACHMENT_FORBIDDEN: { zh: '您无权查看此附件', en: 'You may not see this attachment' },
  ATTACHMENT_NOT_FOUND: { zh: '附件不存在', en: 'No such attachment' },
  ATTACHMENT_IN_USE: { zh: '已提交的附件不能删除', en: 'An attachment of a submitted form cannot be deleted' },
});
