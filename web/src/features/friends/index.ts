// What other features use of friends (eslint: only through this file).
export { acceptedFriends, friendKeys, friendshipsQueryOptions, otherPerson, useFriendships } from "./api/get-friendships";
export { personName } from "./person-name";
export { copyText } from "./copy-text";
