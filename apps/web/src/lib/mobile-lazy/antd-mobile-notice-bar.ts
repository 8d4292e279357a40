export { NoticeBar as default } from 'antd-mobile';
