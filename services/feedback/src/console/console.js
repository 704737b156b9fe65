'use strict';
// The reviewer console: built out in its own change.
