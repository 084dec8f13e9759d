/**
 * What the client's and the server's command lines share: the build's version, and one way to
 * say a command line that cannot be run ({@link org.tenace.client.cli.CommandLines}).
 */
package org.tenace.client.cli;
