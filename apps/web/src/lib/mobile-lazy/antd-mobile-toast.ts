export { Toast } from 'antd-mobile';
