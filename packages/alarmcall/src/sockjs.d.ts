declare module 'sockjs-client/dist/sockjs.min.js' {
  import SockJS from 'sockjs-client';
  export default SockJS;
}
