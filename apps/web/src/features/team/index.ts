// The team feature: the Team page (members, invitations) and the invitation link's accept page.
export { InviteModal } from './components/invite-modal';
