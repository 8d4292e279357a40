export { ErrorBlock as default } from 'antd-mobile';
